import type { Scene } from '../images.ts';

export const blogCategories = [
  { slug: 'safari-tips', name: 'Safari Tips', description: 'Practical advice for planning and enjoying a Tanzanian safari.' },
  { slug: 'kilimanjaro', name: 'Kilimanjaro', description: 'Routes, training and what summit night is really like.' },
  { slug: 'wildlife', name: 'Wildlife', description: 'The animals, the seasons and where to find them.' },
  { slug: 'culture', name: 'Culture', description: 'The people, food and history of Tanzania.' },
];

export const blogTags = [
  { slug: 'great-migration', name: 'Great Migration' },
  { slug: 'serengeti', name: 'Serengeti' },
  { slug: 'packing', name: 'Packing' },
  { slug: 'kilimanjaro', name: 'Kilimanjaro' },
  { slug: 'altitude', name: 'Altitude' },
  { slug: 'zanzibar', name: 'Zanzibar' },
  { slug: 'maasai', name: 'Maasai' },
  { slug: 'photography', name: 'Photography' },
  { slug: 'family-travel', name: 'Family Travel' },
  { slug: 'best-time-to-visit', name: 'Best Time to Visit' },
];

export interface BlogPostSeed {
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  author: string;
  category: string;
  tags: string[];
  scene: Scene;
  daysAgo: number;
  featured?: boolean;
}

export const blogPosts: BlogPostSeed[] = [
  {
    slug: 'great-migration-month-by-month',
    title: 'The Great Migration, Month by Month',
    excerpt: 'Where the wildebeest are in every month of the year, and which camp to book to be there with them.',
    author: 'Emmanuel Sanare',
    category: 'wildlife',
    tags: ['great-migration', 'serengeti', 'best-time-to-visit'],
    scene: 'savanna',
    daysAgo: 12,
    featured: true,
    content: `The Great Migration is not an event but a year-long circle of around 1.5 million wildebeest, 300,000 zebras and tens of thousands of gazelles following the rain across the Serengeti ecosystem. Where you should be depends on the month.

## January to March: calving in the south

The herds gather on the short-grass plains around **Ndutu** and the southern Serengeti. The grass here grows on volcanic soil rich in minerals, perfect for lactating mothers. In February about 8,000 calves are born every day. Predators follow: this is the best time of year for cheetah hunts.

## April and May: the long rains

The herds begin moving west and north. Many camps close, roads get muddy and prices fall. The plains are green and the light is beautiful for photographers who do not mind the odd downpour.

## June and July: the Western Corridor

Columns of wildebeest move through the Western Corridor and cross the **Grumeti River**, where huge crocodiles wait. The rut is on, and the noise of grunting males carries across the plains.

## August to October: the Mara River

The famous river crossings happen in the far north, around Kogatende and Lamai. Crossings are unpredictable: a herd may gather on the bank for hours and then turn away. Patience and a guide who reads the herd are everything.

## November and December: heading south

The short rains bring the herds back south through Lobo and the eastern Serengeti towards Ndutu, ready to start again.

**Our advice:** choose the experience first (calving or crossings), then the month. Our seasonal camps move so you stay close to the action whichever you choose.`,
  },
  {
    slug: 'what-to-pack-for-a-tanzania-safari',
    title: 'What to Pack for a Tanzania Safari',
    excerpt: 'Soft bags, neutral colours, a warm layer for the crater rim and the things travelers always wish they had brought.',
    author: 'Grace Mollel',
    category: 'safari-tips',
    tags: ['packing', 'photography'],
    scene: 'baobab',
    daysAgo: 30,
    content: `Packing for a safari is simpler than you think, but a few things make a real difference.

## Bags

Use a **soft duffel bag** of no more than 15 kg if you have any light-aircraft flights; hard suitcases will not fit in the small planes' holds.

## Clothes

- Neutral colours: khaki, olive, beige. Avoid dark blue and black, which attract tsetse flies, and white, which shows every speck of dust.
- Layers. Mornings on the **Ngorongoro crater rim** at 2,300 m can be close to freezing, while afternoons in Tarangire reach 30°C.
- A fleece and a light waterproof jacket.
- Long sleeves and trousers for evenings, against mosquitoes.
- A wide-brimmed hat and sunglasses.
- Comfortable closed shoes and sandals for camp.

## Health

Bring sunscreen, insect repellent with DEET, any personal medication in your hand luggage and your yellow fever certificate if you are coming from a country with a risk of transmission. Talk to a travel clinic about malaria prophylaxis.

## Gear

- Binoculars, one pair per person if you can: sharing means missing things.
- A camera with a zoom lens (at least 200 mm) and plenty of memory cards. Our vehicles have charging points.
- A headlamp for walking around camp at night.

## What to leave at home

Plastic bags are banned in Tanzania and can be confiscated on arrival. Drones need a permit that is very hard to get. And leave the camouflage clothing: it is reserved for the military.`,
  },
  {
    slug: 'choosing-your-kilimanjaro-route',
    title: 'Choosing Your Kilimanjaro Route',
    excerpt: 'Lemosho, Machame, Marangu or the Northern Circuit? How the routes differ, and why more days means a better chance at the summit.',
    author: 'Daudi Kimaro',
    category: 'kilimanjaro',
    tags: ['kilimanjaro', 'altitude'],
    scene: 'mountain',
    daysAgo: 45,
    featured: true,
    content: `There are seven official routes up Kilimanjaro. We run four of them, and the right one depends on your time, your budget and how you like to sleep.

## The most important rule: days

Altitude sickness, not fitness, is why people fail to reach the summit. The body needs time to adapt to thin air. **Every extra day on the mountain raises your chance of success.** On our eight-day Lemosho, about 95 per cent of climbers summit; on five-day routes elsewhere the figure can be below 60 per cent.

## Lemosho (8 days)

Our favourite. Starts in quiet western rainforest, crosses the whole Shira Plateau, and follows the climb-high sleep-low pattern over the Lava Tower. Beautiful and varied, with excellent acclimatisation.

## Machame (7 days)

Steeper and busier than Lemosho but equally scenic, joining it at the Lava Tower. A good choice if you have one day less.

## Marangu (6 days)

The only route with huts. Ascent and descent use the same path, so it is less varied, but in the rainy season a dry bunk is worth a lot.

## Northern Circuit (9 days)

The longest and quietest route, circling the northern slopes. The best acclimatisation profile and the highest summit success, around 98 per cent with our crews.

## Which should you choose?

If you have the time, the **Lemosho** or **Northern Circuit**. If you want huts, **Marangu**. Whatever the route, go slowly: *pole pole*, as your guide will remind you every hour.`,
  },
  {
    slug: 'a-day-in-stone-town',
    title: 'A Day in Stone Town, Zanzibar',
    excerpt: 'Carved doors, spice markets, the story of the slave trade and the best street food on the Swahili coast.',
    author: 'Rehema Juma',
    category: 'culture',
    tags: ['zanzibar'],
    scene: 'shore',
    daysAgo: 60,
    content: `Stone Town is best seen on foot, early, before the heat. Here is how I show it to friends.

## Morning

Start at the **Darajani market** at 8 AM, when the fish, fruit and spice sellers are at their busiest. Then lose yourself in the alleys. Look up at the carved doors: the square-topped Omani doors and the rounded Indian ones with brass studs, meant to stop elephants in India and kept here for style.

Visit the **Anglican cathedral**, built in 1873 on the site of the last open slave market in East Africa. The memorial and the holding chambers beneath the neighbouring building are difficult to see, and important.

## Midday

Have lunch at a rooftop restaurant with a view over the harbour and the dhows, then rest: everyone in Stone Town does.

## Afternoon

Walk along the seafront to the **Old Fort** and the House of Wonders, and stop at the Princess Salme museum to learn about the Omani princess who eloped with a German merchant in 1866.

## Evening

At sunset, the **Forodhani gardens** fill with food stalls: grilled octopus, sugarcane juice and "Zanzibar pizza", a folded pancake stuffed with meat, egg and vegetables, or banana and Nutella. Sit on the sea wall and watch the local boys diving into the harbour.`,
  },
  {
    slug: 'visiting-a-maasai-boma-respectfully',
    title: 'Visiting a Maasai Boma, Respectfully',
    excerpt: 'How to make a cultural visit a real exchange rather than a show, and where your money goes.',
    author: 'Joseph Laizer',
    category: 'culture',
    tags: ['maasai'],
    scene: 'baobab',
    daysAgo: 90,
    content: `I grew up in a Maasai family in Monduli, so people often ask me whether visiting a boma is worthwhile. My answer: yes, if it is done well.

## Choose where you go

Some roadside villages exist mainly for tourists. We work with a few families and communities who decided themselves to welcome visitors, set their own fees, and use the money for school fees, water and the women's cooperative.

## Ask before photographing

Most people are happy to be photographed, but always ask, especially with elders and children. Show people the photo afterwards: it is often the start of a good conversation.

## Ask questions, and answer them

The best visits are exchanges. Ask about cattle, school, marriage or how the young warriors live. Expect questions back: about your family, your farm, your country.

## Buy what you like, not out of guilt

The beadwork sold in the boma is made by the women and priced by them. Buy it if you like it. Bargaining gently is normal; bargaining hard over a dollar is not.

## Remember it is a home

You are visiting someone's house and cattle enclosure. Dress modestly, keep your voice down around the animals, and thank your hosts. *Ashe oleng* means thank you very much in Maa.`,
  },
  {
    slug: 'tanzania-safari-with-children',
    title: 'Tanzania Safari with Children: A Practical Guide',
    excerpt: 'The right age, the right parks, malaria, long drives and how to keep young travelers excited all week.',
    author: 'Neema Mushi',
    category: 'safari-tips',
    tags: ['family-travel', 'best-time-to-visit'],
    scene: 'lake',
    daysAgo: 120,
    content: `Children often love safari even more than adults. A few choices make the difference between a magical trip and a long week in a car.

## What age?

From about **six** children can handle game drives and remember the trip. Some camps have minimum ages (often 6 or 12), and walking safaris require 16. With younger children choose lodges over tented camps and keep drives short.

## Which parks?

The **northern circuit** works best: Tarangire, Lake Manyara, the Serengeti and the Ngorongoro Crater are close together, with good roads and lodges that have pools and family rooms.

## Keep drives short

Plan three to four hours in the morning, a rest at the lodge and a short drive in the late afternoon. Our guides carry a cool box of snacks and know when a toilet stop is urgent.

## Make it theirs

Give each child binoculars, a camera and a checklist of animals. Our junior ranger kits include a notebook for drawing what they see, and our guides will happily teach them to identify tracks.

## Health

Talk to your doctor about malaria prevention suitable for children, bring child-strength repellent, sunscreen and hats, and make sure they drink a lot of water.`,
  },
  {
    slug: 'wildlife-photography-tips-from-our-guides',
    title: 'Wildlife Photography Tips from Our Guides',
    excerpt: 'Golden hours, bean bags, eye contact and patience: how to come home with photos you are proud of.',
    author: 'Emmanuel Sanare',
    category: 'wildlife',
    tags: ['photography', 'serengeti'],
    scene: 'savanna',
    daysAgo: 150,
    content: `Our guides spend every day positioning vehicles for photographers. Here is what they have learned.

## Shoot the golden hours

The best light is the first two hours after sunrise and the last two before sunset. That is also when animals are most active, so we start early and stay out late.

## Steady your camera

Bring or borrow a **bean bag**. Resting your lens on the vehicle's window frame or roof hatch is far steadier than a tripod, which you cannot use in a vehicle anyway. Ask the guide to turn off the engine before you shoot.

## Focus on the eyes

A sharp eye makes a portrait. Use single-point autofocus on the nearest eye and a fast shutter speed, at least 1/1000 s for moving animals.

## Tell a story

Step back and include the landscape: a lone acacia, a storm cloud, the herd stretching away. Some of the best Serengeti images show a small animal in a big place.

## Wait

Behaviour makes a photograph special: a yawn, a play fight, a mother grooming her cub. Tell your guide what you want to capture and be patient; it is worth more than a longer lens.`,
  },
];
