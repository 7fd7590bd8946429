/** The content pages of the site (markdown), reachable at /{slug}. */
export const contentPages: { slug: string; title: string; meta_description: string; content: string }[] = [
  {
    slug: 'about',
    title: 'About Kilele Safaris',
    meta_description: 'Kilele Safaris is a Tanzanian-owned safari and Kilimanjaro operator based in Arusha since 2009.',
    content: `*Kilele* means "summit" in Swahili. We chose the name in 2009, when our founder Joseph Laizer, a Maasai safari guide from Monduli, left the big operators to build a company where guides, porters and travelers are all treated well.

## Who we are

We are a team of 42 Tanzanians based in Arusha, with an office in Stone Town, Zanzibar. Our guides have an average of eleven years' experience, and most grew up near the parks they work in. We own our fleet of fourteen Land Cruisers and service them in our own workshop.

## How we work

- **Private by default.** Every safari has its own vehicle and guide; you decide the pace.
- **Fair to our crews.** We pay porters and guides above park rates and are partners of the Kilimanjaro Porters Assistance Project.
- **Giving back.** Five per cent of every booking funds the school and water projects of the communities we visit.
- **Honest advice.** If a tour is wrong for your season, budget or children, we will say so.

## Licences

Kilele Safaris holds a TALA tour operator licence and is a member of the Tanzania Association of Tour Operators (TATO).`,
  },
  {
    slug: 'privacy-policy',
    title: 'Privacy Policy',
    meta_description: 'How Kilele Safaris collects, uses and protects your personal data.',
    content: `This policy explains what personal data Kilele Safaris ("we") collects when you use our website or travel with us, and how we use it.

## What we collect

- **Account data:** your name, email address, phone number, country and profile picture if you add one.
- **Booking data:** traveler names, dates of birth, passport details when parks require them, dietary and medical notes you choose to share, and payment records.
- **Usage data:** pages visited, device and browser information, and error reports that help us fix problems.

## Why we use it

We use your data to plan and operate your trip, to book parks, lodges and flights on your behalf, to contact you about your booking, and, only if you agree, to send our newsletter. We keep booking records for seven years as Tanzanian tax law requires.

## Who we share it with

We share only what is needed with the lodges, airlines, park authorities and insurers involved in your trip. We never sell your data.

## Your rights

You can see, correct, export or delete your data at any time from your traveler portal settings, or by writing to privacy@kilelesafaris.co.tz. You can unsubscribe from marketing emails with one click.

## Security

Passwords are stored hashed, data travels over encrypted connections, and only staff who need it can see your bookings.`,
  },
  {
    slug: 'terms-conditions',
    title: 'Terms & Conditions',
    meta_description: 'The terms that apply to using the Kilele Safaris website and booking with us.',
    content: `These terms apply to the use of this website and to every booking made with Kilele Safaris Ltd, registered in Arusha, Tanzania.

## Using the website

Content on this site is for information and may change. Prices are shown in US dollars per person unless stated, and are confirmed only when we accept your booking.

## Your account

You are responsible for keeping your password safe and for activity in your account. Tell us at once if you suspect misuse.

## Bookings

A booking is a request until we confirm it in writing. The booking terms set out deposits, payments, cancellations and changes; please read them before booking.

## Conduct

Park rules exist to protect wildlife and people. Our guides may end an activity if a traveler's behaviour puts anyone at risk or breaks park regulations.

## Liability

We take every reasonable care in planning and operating your trip, but cannot be liable for events beyond our control such as weather, natural events, strikes or government action. Travel insurance is mandatory.

## Law

These terms are governed by the laws of the United Republic of Tanzania.`,
  },
  {
    slug: 'booking-terms',
    title: 'Booking Terms',
    meta_description: 'Deposits, payment schedules, cancellations and changes for Kilele Safaris bookings.',
    content: `## Deposit and payment

- A **30% deposit** confirms your booking.
- The balance is due **60 days** before your first travel day. Bookings made within 60 days are paid in full.
- We accept card payments, bank transfer and mobile money. Card payments carry a 3.5% processing fee.

## Cancellation by you

Cancellations must be made in writing. Charges are a percentage of the total trip price:

| Days before departure | Charge |
|---|---|
| More than 60 | Deposit kept |
| 59 to 30 | 50% |
| 29 to 15 | 75% |
| 14 or fewer | 100% |

Park fees and flights already paid may not be refundable.

## Changes

We will do our best to change dates or itineraries on request. A fee of USD 50 applies per change, plus any supplier charges.

## Cancellation by us

If we must cancel a departure, you choose between a full refund or an alternative date. Group departures that do not reach their guaranteed number may be cancelled up to 45 days before travel.

## Kilimanjaro climbs

Guides may turn a climber back for health reasons. This decision is final and is made for your safety; no refund is due for unused days on the mountain.`,
  },
  {
    slug: 'travel-insurance',
    title: 'Travel Insurance',
    meta_description: 'Why travel insurance is mandatory for Kilele Safaris trips and what it must cover.',
    content: `Travel insurance is **mandatory** for all Kilele Safaris trips. Please send us your policy number before departure.

## What your policy must cover

- Medical treatment and hospital stays abroad, at least USD 100,000.
- Emergency evacuation and repatriation.
- Cancellation and curtailment, covering the full cost of your trip.
- For Kilimanjaro and Mount Meru: **trekking to 6,000 m**. Many standard policies stop at 3,000 or 4,500 m.
- Lost or delayed luggage and personal belongings.

## Flying Doctors

All our safaris include membership of the AMREF Flying Doctors evacuation service within East Africa. This takes you to a hospital in Nairobi or Dar es Salaam, but it is not a substitute for medical insurance, which covers the treatment itself.

## Tips

Buy insurance when you pay your deposit, so that cancellation cover applies from that day. Read the exclusions for pre-existing conditions carefully.`,
  },
  {
    slug: 'cookie-policy',
    title: 'Cookie Policy',
    meta_description: 'Which cookies and local storage the Kilele Safaris website uses and why.',
    content: `Our website uses a small number of cookies and browser storage to work properly and to understand how it is used.

## Necessary

- **Sign-in session:** keeps you signed in to your traveler portal.
- **Preferences:** remembers your theme, language and currency choices.
- **Offline data:** when you install the site as an app, your bookings and wishlist are stored on your device so you can read them without a connection.

These cannot be turned off, as the site would not work without them.

## Analytics

We measure page visits and errors anonymously to improve the site. You can turn analytics off in your traveler settings.

## Marketing

We do not use advertising cookies or share data with advertising networks.

## Managing cookies

You can clear cookies and site data in your browser settings at any time. Doing so signs you out and removes offline copies of your trips.`,
  },
  {
    slug: 'faqs',
    title: 'Frequently Asked Questions',
    meta_description: 'Answers to common questions about safaris, Kilimanjaro climbs, visas, health and payments in Tanzania.',
    content: `## When is the best time to visit Tanzania?

The dry season from **June to October** is best for game viewing and Kilimanjaro. January to March is excellent for the calving season in the southern Serengeti. The long rains in April and May bring lower prices and green landscapes.

## Do I need a visa?

Most visitors need a visa, which you can apply for online through the Tanzania Immigration e-visa portal. It costs USD 50 for most nationalities, USD 100 for US citizens. Apply at least four weeks before travel.

## Do I need vaccinations?

A yellow fever certificate is required if you arrive from, or transit for more than 12 hours through, a country with yellow fever risk. Malaria prevention is recommended. See a travel clinic six weeks before departure.

## Is it safe?

Tanzania is one of the most stable countries in East Africa. Our guides know the parks and the roads and are in radio contact with our Arusha office.

## How fit do I need to be for Kilimanjaro?

You need to be able to walk 6-8 hours a day for several days. Hill walking in the months before is the best preparation. Altitude, not fitness, is the main challenge, so choose a longer route.

## Can you cater for dietary needs?

Yes. Vegetarian, vegan, gluten-free, halal and kosher-style meals can be arranged on safari and on the mountain. Tell us when you book.

## How much should I tip?

Tipping is customary. As a guideline: USD 20-30 per day for your safari guide from your group, and USD 250-350 per climber for a Kilimanjaro crew, shared at a tipping ceremony at the end of the climb.

## How do I pay?

A 30% deposit confirms your booking, by card, bank transfer or mobile money. The balance is due 60 days before travel.`,
  },
];
