import type { Palette, Scene } from '../images.ts';

/** Kilele Safaris' branding: the spec's defaults plus the company's own contact details. */
export const branding = {
  company_name: 'Kilele Safaris',
  tagline: 'Authentic Tanzanian safaris, climbs and island escapes since 2009',
  logo_alt_text: 'Kilele Safaris',
  address: 'Plot 14, Njiro Road, Arusha, Tanzania',
  phone: '+255 754 200 300',
  email: 'hello@kilelesafaris.co.tz',
  facebook_url: 'https://www.facebook.com/kilelesafaris',
  instagram_url: 'https://www.instagram.com/kilelesafaris',
  twitter_url: 'https://x.com/kilelesafaris',
  linkedin_url: 'https://www.linkedin.com/company/kilele-safaris',
  youtube_url: 'https://www.youtube.com/@kilelesafaris',
  primary_color: '#e39f48',
  secondary_color: '#2f5d50',
  accent_color: '#c8553d',
  dark_color: '#222831',
  light_color: '#E2DFD0',
  orange_color: '#d9822b',
  darkchoco_color: '#3b2a20',
  heading_font: 'Domine',
  body_font: 'DM Sans',
  accent_font: 'Great Vibes',
  base_font_size: '16px',
  body_font_weight: '400',
  medium_font_weight: '500',
  bold_font_weight: '700',
  footer_gradient_color: 'linear-gradient(180deg, #222831 0%, #3b2a20 100%)',
  email_signature:
    'Warm regards,\nThe Kilele Safaris team\nPlot 14, Njiro Road, Arusha, Tanzania\n+255 754 200 300 | hello@kilelesafaris.co.tz',
  office_hours: 'Mon-Fri 8AM-6PM, Sat 9AM-2PM',
  branch_offices: [
    {
      id: 'arusha',
      location: 'Arusha (head office)',
      address: 'Plot 14, Njiro Road, Arusha, Tanzania',
      phone: '+255 754 200 300',
      email: 'hello@kilelesafaris.co.tz',
      hours: 'Mon-Fri 8AM-6PM, Sat 9AM-2PM',
      isPrimary: true,
    },
    {
      id: 'zanzibar',
      location: 'Zanzibar',
      address: 'Kenyatta Road, Shangani, Stone Town, Zanzibar',
      phone: '+255 777 410 520',
      email: 'zanzibar@kilelesafaris.co.tz',
      hours: 'Mon-Sat 9AM-5PM',
      isPrimary: false,
    },
  ],
};

export const categories: { slug: string; name: string; description: string; icon: string; scene: Scene }[] = [
  {
    slug: 'wildlife-safari',
    name: 'Wildlife Safari',
    description: 'Game drives in the Serengeti, Ngorongoro, Tarangire and the wild south with our own guides and Land Cruisers.',
    icon: 'binoculars',
    scene: 'savanna',
  },
  {
    slug: 'kilimanjaro-trek',
    name: 'Kilimanjaro Trek',
    description: 'Guided climbs of Africa’s highest mountain on the Lemosho, Machame, Marangu and Northern Circuit routes, plus Mount Meru.',
    icon: 'mountain',
    scene: 'mountain',
  },
  {
    slug: 'beach-island',
    name: 'Beach & Island',
    description: 'Zanzibar’s spice farms and Stone Town, Mafia Island’s whale sharks, and time to do nothing on white sand.',
    icon: 'beach',
    scene: 'shore',
  },
  {
    slug: 'cultural',
    name: 'Cultural',
    description: 'Days with Maasai, Chagga, Hadzabe and Datoga communities, led by people from those communities.',
    icon: 'users-group',
    scene: 'baobab',
  },
  {
    slug: 'family',
    name: 'Family',
    description: 'Shorter drives, swimming pools, family rooms and guides who are good with children.',
    icon: 'heart-handshake',
    scene: 'lake',
  },
  {
    slug: 'honeymoon',
    name: 'Honeymoon',
    description: 'Private vehicles, bush dinners and barefoot island lodges for two.',
    icon: 'heart',
    scene: 'shore',
  },
  {
    slug: 'adventure',
    name: 'Walking & Adventure',
    description: 'Chimpanzee treks, volcano climbs and walking safaris for travelers who want to be out of the vehicle.',
    icon: 'trekking',
    scene: 'volcano',
  },
];

export const experiences: {
  slug: string;
  title: string;
  summary: string;
  description: string;
  highlights: string[];
  duration: string;
  priceFrom: number;
  scene: Scene;
}[] = [
  {
    slug: 'hot-air-balloon-safari',
    title: 'Hot Air Balloon Safari over the Serengeti',
    summary: 'Lift off at first light and drift over the plains as the herds wake, then land to a champagne bush breakfast.',
    description:
      'Pick-up is at 5 AM from your Serengeti camp. After a safety briefing you climb into the basket as the burners roar, and at sunrise the balloon rises over the Seronera valley or, from December to March, the short-grass plains of Ndutu. For about an hour you float at tree height and higher, watching hippos in the river pools, giraffes throwing long shadows and, in season, the migration spread to the horizon. After landing you toast the flight with sparkling wine and sit down to a full English breakfast cooked on the plains, then rejoin your guide for the day’s game drive.',
    highlights: ['About 60 minutes in the air at sunrise', 'Champagne toast and cooked bush breakfast', 'Flight certificate signed by your pilot'],
    duration: 'Half day (about 4 hours)',
    priceFrom: 599,
    scene: 'savanna',
  },
  {
    slug: 'walking-safari',
    title: 'Walking Safari with an Armed Ranger',
    summary: 'Leave the vehicle behind and read the bush on foot: tracks, dung, birdsong and the small things drives miss.',
    description:
      'Walks run in Tarangire, Arusha National Park, Ruaha and Nyerere, led by an armed park ranger and your Kilele guide. Walking at a quiet pace for two to three hours, you learn to read spoor, to tell a lion’s track from a hyena’s, and to notice termite towers, medicinal plants and dung beetles at work. Sightings of big game on foot are rarer than from a vehicle and far more intense. Minimum age is 16.',
    highlights: ['Led by an armed ranger and your guide', 'Tracking, plants and insects up close', 'Early morning, before the heat'],
    duration: '2-3 hours',
    priceFrom: 60,
    scene: 'baobab',
  },
  {
    slug: 'night-game-drive',
    title: 'Night Game Drive',
    summary: 'With a spotlight and a red filter, meet the Africa that wakes after dark: leopards, genets, aardvarks and bushbabies.',
    description:
      'Night drives are allowed in private concessions and some parks, including Nyerere and the areas around Tarangire and Lake Manyara. After dinner you head out in an open vehicle with a spotter. The red-filtered light does not blind the animals, so you see hunting lions, civets, springhares, white-tailed mongooses and, with luck, a leopard on the move. Back at camp by 10 PM.',
    highlights: ['Open vehicle with a spotter', 'Nocturnal species rarely seen by day', 'Hot chocolate stop under the stars'],
    duration: '2 hours',
    priceFrom: 75,
    scene: 'river',
  },
  {
    slug: 'maasai-boma-visit',
    title: 'Maasai Boma Visit',
    summary: 'Spend a morning in a Maasai homestead: the houses, the cattle, the songs, and the questions you always wanted to ask.',
    description:
      'Visits are arranged with families near Ngorongoro and Monduli who welcome guests on their own terms; the fee goes directly to the community. A young warrior shows you how the enkaji houses are built from wood, mud and cow dung, explains how cattle shape every part of Maasai life, and you join in the adumu jumping dance if you like. There is time to ask about school, marriage and land, and beadwork for sale made by the women’s group.',
    highlights: ['Fee paid to the community', 'Homestead tour and traditional songs', 'Beadwork by the women’s cooperative'],
    duration: '2-3 hours',
    priceFrom: 40,
    scene: 'baobab',
  },
  {
    slug: 'boat-safari-rufiji',
    title: 'Boat Safari on the Rufiji River',
    summary: 'Glide past hippo pods and basking crocodiles in Nyerere National Park, with elephants coming down to drink.',
    description:
      'The Rufiji’s channels and oxbow lakes hold one of Africa’s densest hippo populations. In a small flat-bottomed boat you move slowly past sandbanks of Nile crocodiles, African skimmers and carmine bee-eaters, and watch elephants and buffalo come to the water. The late-afternoon trip ends with a sundowner on a sandbank.',
    highlights: ['Hippos and crocodiles at eye level', 'Birding on the oxbow lakes', 'Sundowner on a sandbank'],
    duration: '3 hours',
    priceFrom: 85,
    scene: 'river',
  },
  {
    slug: 'chimpanzee-tracking',
    title: 'Chimpanzee Tracking in Mahale',
    summary: 'Follow trackers into the forest above Lake Tanganyika to spend an hour with the habituated M-group chimpanzees.',
    description:
      'The M-group has been studied since 1965 and is used to people. Trackers head out at dawn and radio the group’s position; you follow on forest paths that can be steep and slippery, for anything from thirty minutes to several hours. Once with the chimpanzees you have one hour, wearing a mask, at a distance of at least eight metres, watching grooming, feeding and the politics of the group.',
    highlights: ['Habituated M-group of around 60 chimps', 'One unforgettable hour per day', 'Lake Tanganyika beaches afterwards'],
    duration: 'Half to full day',
    priceFrom: 180,
    scene: 'forest',
  },
  {
    slug: 'spice-farm-tour',
    title: 'Zanzibar Spice Farm Tour',
    summary: 'Smell, taste and guess your way through cloves, nutmeg, cinnamon, vanilla and lemongrass on a working farm.',
    description:
      'A local farmer walks you through the plantation, cutting bark, crushing leaves and opening pods for you to guess: cardamom, black pepper, turmeric root, cinnamon bark, the clove trees that made Zanzibar rich. Young men climb coconut palms singing, and the visit ends with fresh fruit tasting and a Swahili lunch cooked with the spices you just met.',
    highlights: ['Working family farm near Kizimbani', 'Tropical fruit tasting', 'Swahili spiced lunch'],
    duration: 'Half day',
    priceFrom: 45,
    scene: 'forest',
  },
  {
    slug: 'whale-shark-snorkel',
    title: 'Snorkelling with Whale Sharks',
    summary: 'From October to March, swim beside the gentle giants that feed in the plankton-rich waters of Kilindoni Bay.',
    description:
      'Mafia Island’s juvenile whale sharks gather close to shore. Out in a dhow with a marine-park-trained spotter, you slip into the water in small groups and swim alongside sharks of four to eight metres as they feed. The code of conduct keeps numbers small and distance respectful.',
    highlights: ['Small groups, licensed operator', 'Whale sharks close to shore', 'Dhow trip across Kilindoni Bay'],
    duration: 'Half day',
    priceFrom: 120,
    scene: 'shore',
  },
];

export const activities: { slug: string; name: string; description: string; icon: string }[] = [
  { slug: 'game-drive', name: 'Game drives', description: 'Morning, afternoon and full-day drives in a pop-up-roof Land Cruiser.', icon: 'car-suv' },
  { slug: 'walking', name: 'Walking safaris', description: 'Guided bush walks with an armed ranger.', icon: 'walk' },
  { slug: 'trekking', name: 'Mountain trekking', description: 'Multi-day climbs with guides, porters and a cook.', icon: 'mountain' },
  { slug: 'birdwatching', name: 'Birdwatching', description: 'More than 1,100 species recorded in Tanzania.', icon: 'feather' },
  { slug: 'cultural-visit', name: 'Cultural visits', description: 'Time with Maasai, Chagga, Hadzabe and Datoga communities.', icon: 'users-group' },
  { slug: 'snorkelling', name: 'Snorkelling & diving', description: 'Coral gardens and marine parks off Zanzibar and Mafia.', icon: 'swimming' },
  { slug: 'boat-safari', name: 'Boat safaris', description: 'Game viewing from the water on rivers and lakes.', icon: 'sailboat' },
  { slug: 'photography', name: 'Photography', description: 'Bean bags, charging points and patient guides for photographers.', icon: 'camera' },
  { slug: 'canoeing', name: 'Canoeing', description: 'Paddling on the Momella Lakes in Arusha National Park.', icon: 'kayak' },
  { slug: 'beach', name: 'Beach time', description: 'Swimming, sunsets and doing nothing at all.', icon: 'beach' },
];

export const team: { name: string; job_title: string; bio: string; email: string; languages: string[] }[] = [
  {
    name: 'Joseph Laizer',
    job_title: 'Founder & Managing Director',
    bio: 'Born in Monduli, Joseph guided for fifteen years in the Serengeti before founding Kilele Safaris in 2009. He still leads a few private safaris every year.',
    email: 'joseph@kilelesafaris.co.tz',
    languages: ['English', 'Swahili', 'Maa'],
  },
  {
    name: 'Neema Mushi',
    job_title: 'Head of Travel Planning',
    bio: 'Neema designs most of our itineraries. She grew up on the slopes of Kilimanjaro and has summited it eleven times.',
    email: 'neema@kilelesafaris.co.tz',
    languages: ['English', 'Swahili', 'German'],
  },
  {
    name: 'Emmanuel Sanare',
    job_title: 'Senior Safari Guide',
    bio: 'A Silver-level guide with the Tanzania Tourist Guide Association, Emmanuel knows the migration routes better than anyone we know.',
    email: 'emmanuel@kilelesafaris.co.tz',
    languages: ['English', 'Swahili', 'Maa', 'French'],
  },
  {
    name: 'Rehema Juma',
    job_title: 'Zanzibar Office Manager',
    bio: 'Rehema runs our Stone Town office and knows every dhow captain, spice farmer and chef on the island.',
    email: 'rehema@kilelesafaris.co.tz',
    languages: ['English', 'Swahili', 'Italian'],
  },
  {
    name: 'Daudi Kimaro',
    job_title: 'Lead Mountain Guide',
    bio: 'Wilderness First Responder and veteran of more than 300 Kilimanjaro climbs, Daudi trains our mountain crews every season.',
    email: 'daudi@kilelesafaris.co.tz',
    languages: ['English', 'Swahili', 'Chagga'],
  },
  {
    name: 'Grace Mollel',
    job_title: 'Guest Relations',
    bio: 'Grace looks after travelers from the first email to the airport farewell, and answers the phone when something changes.',
    email: 'grace@kilelesafaris.co.tz',
    languages: ['English', 'Swahili', 'Spanish'],
  },
];

export const partners: { name: string; website_url: string }[] = [
  { name: 'Tanzania Tourist Board', website_url: 'https://www.tanzaniatourism.go.tz' },
  { name: 'TANAPA', website_url: 'https://www.tanzaniaparks.go.tz' },
  { name: 'Tanzania Association of Tour Operators', website_url: 'https://www.tatotz.org' },
  { name: 'Kilimanjaro Porters Assistance Project', website_url: 'https://kiliporters.org' },
  { name: 'Ngorongoro Conservation Area Authority', website_url: 'https://www.ncaa.go.tz' },
  { name: 'Flying Doctors AMREF', website_url: 'https://amref.org' },
];

export const heroes: { title: string; subtitle: string; ctaLabel: string; ctaHref: string; scene: Scene; palette: Palette }[] = [
  {
    title: 'Where the Serengeti Meets the Sky',
    subtitle: 'Private safaris from Arusha with guides who grew up here.',
    ctaLabel: 'Explore safaris',
    ctaHref: '/tours',
    scene: 'savanna',
    palette: 'golden',
  },
  {
    title: 'Stand on the Roof of Africa',
    subtitle: 'Kilimanjaro climbs with high summit success and fairly treated crews.',
    ctaLabel: 'Kilimanjaro routes',
    ctaHref: '/tours?category=kilimanjaro-trek',
    scene: 'mountain',
    palette: 'dawn',
  },
  {
    title: 'Spice, Stone Town and the Indian Ocean',
    subtitle: 'End your safari barefoot on Zanzibar’s white sand.',
    ctaLabel: 'Beach escapes',
    ctaHref: '/destinations/zanzibar',
    scene: 'shore',
    palette: 'morning',
  },
];
