-- Booking references too long to guess: KS-2026-7K3Q9-M4XPA, ten letters and digits from an alphabet
-- of 31 (no look-alikes 0/O, 1/I/L), so 31^10, about 8.2 x 10^14 (2^49.5) references a year. A
-- reference alone shows nothing: a guest's booking is read with its reference and contact email,
-- and a stranger's guesses are limited to 30 failed lookups per address per 10 minutes (rule
-- booking.lookups): at that pace, finding one booking among ten thousand takes millions of years.
-- The letters come from gen_random_uuid(), whose 122 random bits are drawn from the operating
-- system's strong random source; random() is a seeded generator and could be predicted. References
-- already given (KS-2026-7K3Q9) stay as they are.
create or replace function public.generate_booking_reference() returns text
language plpgsql volatile
as $$
declare
  alphabet constant text := 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  bytes bytea := uuid_send(gen_random_uuid());
  letters text := '';
  i int;
begin
  -- Bytes 0-5, 7 and 9-15 of a version 4 UUID are wholly random (6 and 8 carry the version and the
  -- variant). 256 is not a multiple of 31, so some letters are drawn 9 times in 256 and others 8.
  foreach i in array array[0, 1, 2, 3, 4, 5, 7, 9, 10, 11] loop
    letters := letters || substr(alphabet, 1 + get_byte(bytes, i) % 31, 1);
  end loop;
  return 'KS-' || to_char(now(), 'YYYY') || '-' || substr(letters, 1, 5) || '-' || substr(letters, 6, 5);
end
$$;
