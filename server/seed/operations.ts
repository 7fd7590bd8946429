import type { Queryable } from '../platform/db/types.ts';
import { insertRows } from './insert.ts';

/**
 * The people and vehicles that run the demo company's trips: guides (two of them with the guide
 * accounts of the seeded staff), their licences, certifications and leave, the vehicles and their
 * times off the road, and who runs the trips of the weeks around today. Assignments go through the
 * same rules as the screens' (the database refuses a guide on two trips, a vehicle over its seats, a
 * licence lapsing): each is asked first and skipped when it would be refused, so some trips stay
 * without a guide or a vehicle, as the dashboard shows them. Dates follow `today`, so the licences,
 * insurance and services due soon are always due soon.
 */

interface SeedGuide {
  name: string;
  email: string;
  phone: string;
  languages: string[];
  dayRate: number;
  /** The guide's own account (seeded staff) by email, when they have one. */
  account?: string;
  active?: boolean;
  notes?: string;
  credentials: { kind: 'licence' | 'certification' | 'first_aid'; name: string; reference: string; issuedDaysAgo: number; expiresInDays: number }[];
  leave?: { fromDay: number; days: number; reason: string }[];
}

const guides: SeedGuide[] = [
  {
    name: 'Joseph Laizer',
    email: 'joseph@kilelesafaris.co.tz',
    phone: '+255 754 200 333',
    languages: ['English', 'Swahili', 'German'],
    dayRate: 120,
    account: 'joseph@kilelesafaris.co.tz',
    notes: 'Senior guide; birding specialist. Prefers the northern circuit.',
    credentials: [
      { kind: 'licence', name: 'TALA professional guide licence', reference: 'TG-2019-0418', issuedDaysAgo: 300, expiresInDays: 430 },
      { kind: 'first_aid', name: 'Wilderness First Responder', reference: 'WFR-88121', issuedDaysAgo: 680, expiresInDays: 40 },
      { kind: 'certification', name: 'FGASA Level 2', reference: 'FG-20911', issuedDaysAgo: 900, expiresInDays: 560 },
    ],
  },
  {
    name: 'Rehema Kimaro',
    email: 'rehema@kilelesafaris.co.tz',
    phone: '+255 754 200 344',
    languages: ['English', 'Swahili', 'French'],
    dayRate: 110,
    account: 'rehema@kilelesafaris.co.tz',
    credentials: [
      { kind: 'licence', name: 'TALA professional guide licence', reference: 'TG-2021-1102', issuedDaysAgo: 200, expiresInDays: 530 },
      { kind: 'first_aid', name: 'Wilderness First Aid', reference: 'WFA-55310', issuedDaysAgo: 120, expiresInDays: 610 },
    ],
    leave: [{ fromDay: 34, days: 10, reason: 'Annual leave' }],
  },
  {
    name: 'Emmanuel Mollel',
    email: 'emmanuel.mollel@kilelesafaris.co.tz',
    phone: '+255 754 200 355',
    languages: ['English', 'Swahili', 'Italian'],
    dayRate: 100,
    notes: 'Licence renewal filed with TALA; waiting for the new card.',
    credentials: [{ kind: 'licence', name: 'TALA professional guide licence', reference: 'TG-2018-0077', issuedDaysAgo: 1040, expiresInDays: 48 }],
  },
  {
    name: 'Grace Massawe',
    email: 'grace.massawe@kilelesafaris.co.tz',
    phone: '+255 754 200 366',
    languages: ['English', 'Swahili', 'Spanish'],
    dayRate: 130,
    notes: 'Kilimanjaro and Meru: lead mountain guide.',
    credentials: [
      { kind: 'licence', name: 'KINAPA mountain guide licence', reference: 'KMG-4471', issuedDaysAgo: 150, expiresInDays: 580 },
      { kind: 'first_aid', name: 'Wilderness First Responder', reference: 'WFR-90233', issuedDaysAgo: 90, expiresInDays: 640 },
    ],
  },
  {
    name: 'Baraka Ole Sendeu',
    email: 'baraka.sendeu@kilelesafaris.co.tz',
    phone: '+255 754 200 377',
    languages: ['English', 'Swahili', 'Maa'],
    dayRate: 95,
    credentials: [{ kind: 'licence', name: 'TALA professional guide licence', reference: 'TG-2022-0530', issuedDaysAgo: 400, expiresInDays: 330 }],
    leave: [{ fromDay: -3, days: 12, reason: 'Family' }],
  },
  {
    name: 'Peter Shirima',
    email: 'peter.shirima@kilelesafaris.co.tz',
    phone: '+255 754 200 388',
    languages: ['English', 'Swahili'],
    dayRate: 90,
    active: false,
    notes: 'Retired in 2026; kept for the trips he led.',
    credentials: [{ kind: 'licence', name: 'TALA professional guide licence', reference: 'TG-2015-0191', issuedDaysAgo: 1500, expiresInDays: -400 }],
  },
];

interface SeedVehicle {
  name: string;
  kind: 'safari_vehicle' | 'minibus' | 'coaster' | 'boat' | 'other';
  registration: string;
  seats: number;
  insuranceInDays: number;
  serviceInDays: number;
  serviceKm?: number;
  odometerKm: number;
  notes?: string;
  active?: boolean;
  offRoad?: { fromDay: number; days: number; reason: string }[];
}

const vehicles: SeedVehicle[] = [
  { name: 'Land Cruiser 1', kind: 'safari_vehicle', registration: 'T 481 DKL', seats: 6, insuranceInDays: 240, serviceInDays: 75, serviceKm: 152_000, odometerKm: 146_820, notes: 'Pop-up roof, fridge, charging points' },
  { name: 'Land Cruiser 2', kind: 'safari_vehicle', registration: 'T 522 DMA', seats: 6, insuranceInDays: 52, serviceInDays: 120, serviceKm: 98_000, odometerKm: 91_400 },
  {
    name: 'Land Cruiser 3',
    kind: 'safari_vehicle',
    registration: 'T 107 DQR',
    seats: 7,
    insuranceInDays: 300,
    serviceInDays: 160,
    odometerKm: 63_250,
    offRoad: [{ fromDay: -1, days: 6, reason: 'Gearbox repair' }],
  },
  { name: 'Land Cruiser 4', kind: 'safari_vehicle', registration: 'T 766 DRS', seats: 7, insuranceInDays: 330, serviceInDays: 28, serviceKm: 40_000, odometerKm: 38_900 },
  { name: 'Land Cruiser 5', kind: 'safari_vehicle', registration: 'T 930 DTU', seats: 6, insuranceInDays: 200, serviceInDays: 140, odometerKm: 121_700 },
  { name: 'Kilimanjaro crew bus', kind: 'minibus', registration: 'T 214 DVW', seats: 12, insuranceInDays: 180, serviceInDays: 95, odometerKm: 210_300, notes: 'Transfers to Machame and Marangu gates' },
  { name: 'Coaster', kind: 'coaster', registration: 'T 358 DXY', seats: 22, insuranceInDays: 260, serviceInDays: 110, odometerKm: 175_600 },
  { name: 'Old Land Rover', kind: 'safari_vehicle', registration: 'T 902 AAB', seats: 5, insuranceInDays: -30, serviceInDays: -60, odometerKm: 388_000, active: false, notes: 'Sold in 2026' },
];

const isoDay = (today: Date, days: number) => new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);

export async function seedOperations(tx: Queryable, today: Date): Promise<{ guides: number; vehicles: number; assignments: number }> {
  const guideIds: string[] = [];
  for (const guide of guides) {
    const row = await tx.query<{ id: string }>(
      `insert into public.guides (user_id, full_name, phone, email, languages, day_rate, currency, notes, active)
       values ((select id from public.users where email = $1), $2, $3, $4, $5, $6, 'USD', $7, $8) returning id`,
      [guide.account ?? null, guide.name, guide.phone, guide.email, guide.languages, guide.dayRate, guide.notes ?? null, guide.active ?? true],
    );
    guideIds.push(row.rows[0].id);
  }
  await insertRows(
    tx,
    'public.guide_credentials',
    guides.flatMap((guide, index) =>
      guide.credentials.map((credential) => ({
        guide_id: guideIds[index],
        kind: credential.kind,
        name: credential.name,
        reference: credential.reference,
        issued_on: isoDay(today, -credential.issuedDaysAgo),
        expires_on: isoDay(today, credential.expiresInDays),
      })),
    ),
  );
  await insertRows(
    tx,
    'public.guide_leave',
    guides.flatMap((guide, index) =>
      (guide.leave ?? []).map((leave) => ({
        guide_id: guideIds[index],
        starts_on: isoDay(today, leave.fromDay),
        ends_on: isoDay(today, leave.fromDay + leave.days - 1),
        reason: leave.reason,
      })),
    ),
  );

  const vehicleIds: string[] = [];
  for (const vehicle of vehicles) {
    const row = await tx.query<{ id: string }>(
      `insert into public.vehicles (name, kind, registration, seats, insurance_expires_on, next_service_on, next_service_km, odometer_km, notes, active)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
      [
        vehicle.name,
        vehicle.kind,
        vehicle.registration,
        vehicle.seats,
        isoDay(today, vehicle.insuranceInDays),
        isoDay(today, vehicle.serviceInDays),
        vehicle.serviceKm ?? null,
        vehicle.odometerKm,
        vehicle.notes ?? null,
        vehicle.active ?? true,
      ],
    );
    vehicleIds.push(row.rows[0].id);
  }
  await insertRows(
    tx,
    'public.vehicle_out_of_service',
    vehicles.flatMap((vehicle, index) =>
      (vehicle.offRoad ?? []).map((period) => ({
        vehicle_id: vehicleIds[index],
        starts_on: isoDay(today, period.fromDay),
        ends_on: isoDay(today, period.fromDay + period.days - 1),
        reason: period.reason,
      })),
    ),
  );

  // The trips of the weeks around today, in date order: each gets the first guide the rules allow
  // and enough vehicles for its travelers. Every second trip with travelers starting in the next two
  // weeks is left without a guide, so the dashboard and the calendar have trips to staff.
  const trips = await tx.query<{ id: string; travelers: number; start_date: string }>(
    `select id, seats_booked as travelers, start_date::text from public.tour_departures
      where status <> 'cancelled' and end_date >= $1::date and start_date <= $2::date
      order by start_date, id`,
    [isoDay(today, -45), isoDay(today, 75)],
  );
  let assignments = 0;
  let soon = 0;
  for (const trip of trips.rows) {
    if (trip.travelers === 0) continue;
    const startsSoon = trip.start_date >= isoDay(today, 0) && trip.start_date <= isoDay(today, 13);
    if (startsSoon) soon += 1;
    if (!(startsSoon && soon % 2 === 0)) {
      for (const guideId of guideIds) {
        const problem = await tx.query<{ problem: string | null }>(`select public.guide_allocation_problem($1, $2) as problem`, [guideId, trip.id]);
        if (problem.rows[0].problem !== null) continue;
        await tx.query(`insert into public.departure_guides (departure_id, guide_id) values ($1, $2)`, [trip.id, guideId]);
        assignments += 1;
        break;
      }
    }
    // The smallest vehicle that takes everyone left, else the largest free one and go on.
    let left = trip.travelers;
    const tried = new Set<number>();
    while (left > 0) {
      const free = vehicles.map((vehicle, index) => ({ seats: vehicle.seats, index })).filter(({ index }) => !tried.has(index));
      if (free.length === 0) break;
      const fits = free.filter(({ seats }) => seats >= left).sort((a, b) => a.seats - b.seats);
      const { index, seats } = fits[0] ?? free.sort((a, b) => b.seats - a.seats)[0];
      tried.add(index);
      const travelers = Math.min(left, seats);
      const problem = await tx.query<{ problem: string | null }>(`select public.vehicle_allocation_problem($1, $2, $3) as problem`, [vehicleIds[index], trip.id, travelers]);
      if (problem.rows[0].problem !== null) continue;
      await tx.query(`insert into public.departure_vehicles (departure_id, vehicle_id, travelers) values ($1, $2, $3)`, [trip.id, vehicleIds[index], travelers]);
      assignments += 1;
      left -= travelers;
    }
  }
  return { guides: guides.length, vehicles: vehicles.length, assignments };
}
