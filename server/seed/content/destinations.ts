import type { Palette, Scene } from '../images.ts';

export interface DestinationSeed {
  slug: string;
  name: string;
  region: string;
  scene: Scene;
  palette: Palette;
  summary: string;
  description: string;
  highlights: string[];
  wildlife: string[];
  bestTime: string;
  latitude: number;
  longitude: number;
}

export const destinations: DestinationSeed[] = [
  {
    slug: 'serengeti',
    name: 'Serengeti National Park',
    region: 'Northern Circuit',
    scene: 'savanna',
    palette: 'golden',
    summary: 'Endless plains, the Great Migration and more big cats than anywhere else in Africa.',
    description:
      'The Serengeti covers 14,750 km² of grassland, kopjes and riverine woodland between the Ngorongoro Highlands and Lake Victoria. Its name comes from the Maa word siringet, "the place where the land runs on forever". Around 1.5 million wildebeest, with hundreds of thousands of zebras and gazelles, move through it in a year-long circle: calving on the southern short-grass plains around Ndutu from January to March, heading north through the Western Corridor in May and June, crossing the Grumeti and then the Mara River from July to October. Lions, leopards and cheetahs are seen on most days in the central Seronera valley, where the rivers hold water all year.',
    highlights: ['The Great Migration and Mara River crossings', 'Calving season at Ndutu (Jan-Mar)', 'Big cats of the Seronera valley', 'Hot air balloon flights at sunrise'],
    wildlife: ['Wildebeest', 'Lion', 'Leopard', 'Cheetah', 'Elephant', 'Zebra', 'Hippo', 'Nile crocodile'],
    bestTime: 'All year; June-October for river crossings, January-March for calving',
    latitude: -2.3333,
    longitude: 34.8333,
  },
  {
    slug: 'ngorongoro-crater',
    name: 'Ngorongoro Crater',
    region: 'Northern Circuit',
    scene: 'crater',
    palette: 'morning',
    summary: 'A 600-metre-deep caldera holding some 25,000 animals, including the rare black rhino.',
    description:
      'Ngorongoro is the world’s largest unbroken, unflooded volcanic caldera: 19 kilometres across, with walls rising 600 metres from a floor of grassland, swamp, the Lerai fever-tree forest and the soda Lake Magadi. Because the animals rarely leave, game viewing is concentrated and reliable: buffalo, wildebeest, zebra, hyena and lion are almost certain, and the crater is one of the best places in East Africa to see black rhino. The Ngorongoro Conservation Area around it is shared with Maasai pastoralists, whose cattle graze the highlands, and includes Olduvai Gorge, where the Leakeys found some of humanity’s earliest ancestors.',
    highlights: ['Black rhino on the crater floor', 'Picnic by the Ngoitokitok hippo pool', 'Olduvai Gorge museum', 'Maasai highlands and bomas'],
    wildlife: ['Black rhino', 'Lion', 'Spotted hyena', 'Buffalo', 'Flamingo', 'Golden jackal', 'Serval'],
    bestTime: 'All year; June-September is driest, November-May is green and quieter',
    latitude: -3.1833,
    longitude: 35.55,
  },
  {
    slug: 'tarangire',
    name: 'Tarangire National Park',
    region: 'Northern Circuit',
    scene: 'baobab',
    palette: 'golden',
    summary: 'Ancient baobabs and the largest elephant herds of northern Tanzania along the Tarangire River.',
    description:
      'Two hours from Arusha, Tarangire is a landscape of giant baobabs, acacia woodland and seasonal swamps strung along the Tarangire River. In the dry season from June to October the river is the only water for miles, and animals pour in from the surrounding Maasai Steppe: herds of a hundred elephants or more, buffalo, eland, fringe-eared oryx and the long-necked gerenuk. Tree-climbing pythons, lions resting in sausage trees and over 550 bird species, including the endemic yellow-collared lovebird and ashy starling, make it far more than a stopover.',
    highlights: ['Elephant herds on the Tarangire River', 'Baobabs over 1,000 years old', 'Silale swamp lions', 'Walking and night drives in the buffer zone'],
    wildlife: ['Elephant', 'Lion', 'Fringe-eared oryx', 'Gerenuk', 'Buffalo', 'Yellow-collared lovebird'],
    bestTime: 'June-October for the big herds; November-May for birding',
    latitude: -4.0,
    longitude: 36.0,
  },
  {
    slug: 'lake-manyara',
    name: 'Lake Manyara National Park',
    region: 'Northern Circuit',
    scene: 'lake',
    palette: 'dawn',
    summary: 'A soda lake under the Rift Valley escarpment, groundwater forest, flamingos and tree-climbing lions.',
    description:
      'Lake Manyara lies at the foot of the 600-metre Great Rift Valley escarpment. The park is small but varied: a lush groundwater forest of mahogany and fig at the entrance, full of olive baboons and blue monkeys; open floodplains where buffalo, wildebeest and giraffe graze; hot springs at Maji Moto; and the alkaline lake itself, pink with flamingos when the water is right. Manyara’s lions are famous for lounging in acacia branches. A treetop walkway lets you walk through the forest canopy.',
    highlights: ['Tree-climbing lions', 'Flamingos and pelicans on the lake', 'Canopy treetop walkway', 'Maji Moto hot springs'],
    wildlife: ['Olive baboon', 'Blue monkey', 'Lion', 'Elephant', 'Flamingo', 'Hippo', 'Pelican'],
    bestTime: 'June-October for mammals; November-June for birds',
    latitude: -3.6,
    longitude: 35.8167,
  },
  {
    slug: 'kilimanjaro',
    name: 'Mount Kilimanjaro',
    region: 'Kilimanjaro Region',
    scene: 'mountain',
    palette: 'dawn',
    summary: 'Africa’s highest peak at 5,895 m: a walk from rainforest to arctic summit, with no climbing ropes needed.',
    description:
      'Kilimanjaro is the highest free-standing mountain in the world, rising almost 5,000 metres above the plains. Climbers pass through five climate zones in a week: cultivated foothills of coffee and banana, montane rainforest with colobus monkeys, heath and moorland of giant groundsels and lobelias, high alpine desert, and the glaciated summit of Kibo, where Uhuru Peak stands on the crater rim. No technical skill is needed, but altitude is a serious challenge; longer routes such as the Lemosho and Northern Circuit give the body time to acclimatise and have the best summit success.',
    highlights: ['Sunrise on Uhuru Peak, 5,895 m', 'Five climate zones in one week', 'Shira Plateau and the Barranco Wall', 'Chagga villages and coffee farms of Moshi'],
    wildlife: ['Black-and-white colobus', 'Blue monkey', 'White-necked raven', 'Four-striped grass mouse'],
    bestTime: 'January-mid March and June-October (dry seasons)',
    latitude: -3.0674,
    longitude: 37.3556,
  },
  {
    slug: 'zanzibar',
    name: 'Zanzibar',
    region: 'Zanzibar Archipelago',
    scene: 'shore',
    palette: 'morning',
    summary: 'Stone Town’s carved doors and alleys, spice farms, dhows at sunset and turquoise Indian Ocean beaches.',
    description:
      'Unguja, the main island of Zanzibar, was for centuries the hub of the Swahili coast, trading cloves, ivory and, tragically, enslaved people across the Indian Ocean. Stone Town, a UNESCO World Heritage Site, is a maze of coral-stone houses with carved wooden doors, the House of Wonders, the Old Fort, the Anglican cathedral built on the former slave market, and the Forodhani night food market. Beyond town lie spice farms, the Jozani forest with its endemic red colobus monkeys, and the white beaches of Nungwi, Kendwa, Matemwe and Paje, where seaweed farmers work the lagoon at low tide.',
    highlights: ['Stone Town walking tour', 'Spice farm and Swahili cooking', 'Jozani forest red colobus', 'Sunset dhow cruise and Nungwi beaches'],
    wildlife: ['Zanzibar red colobus', 'Green turtle', 'Bottlenose dolphin', 'Aders’s duiker'],
    bestTime: 'June-October and December-February',
    latitude: -6.1659,
    longitude: 39.2026,
  },
  {
    slug: 'arusha-national-park',
    name: 'Arusha National Park',
    region: 'Northern Circuit',
    scene: 'forest',
    palette: 'morning',
    summary: 'Mount Meru, the Momella lakes and montane forest, just 40 minutes from Arusha town.',
    description:
      'Small, green and often overlooked, Arusha National Park packs the slopes of Mount Meru (4,566 m), the Ngurdoto crater and the shallow, alkaline Momella lakes into 552 km². Giraffes browse in the glades, black-and-white colobus monkeys leap through the forest, and the lakes are dotted with flamingos. It is one of the few northern parks where you can walk with a ranger and paddle a canoe, and it is the starting point for the Mount Meru climb, the best acclimatisation for Kilimanjaro.',
    highlights: ['Canoeing on Small Momella Lake', 'Walking safari to the Tululusia waterfall', 'Black-and-white colobus monkeys', 'Views of Kilimanjaro and Meru'],
    wildlife: ['Black-and-white colobus', 'Giraffe', 'Buffalo', 'Flamingo', 'Bushbuck', 'Blue monkey'],
    bestTime: 'June-February; clearest mountain views December-February',
    latitude: -3.25,
    longitude: 36.8333,
  },
  {
    slug: 'ruaha',
    name: 'Ruaha National Park',
    region: 'Southern Circuit',
    scene: 'baobab',
    palette: 'dusk',
    summary: 'Tanzania’s wild heart: huge lion prides, wild dogs and baobab country with hardly another vehicle.',
    description:
      'Ruaha is one of Tanzania’s largest national parks and among its least visited. The Great Ruaha River winds through a rugged landscape of baobabs, rocky hills and miombo woodland where East and Southern African species meet: greater and lesser kudu, roan and sable antelope live alongside Grant’s gazelle. About a tenth of the world’s lions live in the wider Ruaha landscape, prides of twenty are not unusual, and it is one of the best places to find African wild dogs. Camps are few and small, so sightings are rarely shared.',
    highlights: ['Large lion prides on the Great Ruaha River', 'African wild dog packs', 'Greater and lesser kudu, sable and roan', 'Walking safaris from remote camps'],
    wildlife: ['Lion', 'African wild dog', 'Greater kudu', 'Sable antelope', 'Elephant', 'Cheetah'],
    bestTime: 'June-October (dry season)',
    latitude: -7.5,
    longitude: 34.5,
  },
  {
    slug: 'nyerere',
    name: 'Nyerere National Park (Selous)',
    region: 'Southern Circuit',
    scene: 'river',
    palette: 'golden',
    summary: 'Boat safaris on the Rufiji River, walking safaris and wild dogs in Africa’s largest protected area.',
    description:
      'Formerly the northern part of the Selous Game Reserve, Nyerere National Park protects 30,893 km² of river, lakes, palms and miombo woodland around the Rufiji River. It is the place in Tanzania to combine game drives with boat safaris among hippos and crocodiles and guided walks, and it is a stronghold for African wild dogs, elephants and buffalo. A short flight from Dar es Salaam or Zanzibar makes it an easy add-on to a beach holiday.',
    highlights: ['Boat safaris on the Rufiji and its lakes', 'African wild dogs', 'Walking and fly-camping', 'Easy flights from Zanzibar'],
    wildlife: ['African wild dog', 'Hippo', 'Nile crocodile', 'Elephant', 'Buffalo', 'Lion', 'Sable antelope'],
    bestTime: 'June-October; closed or limited in April-May rains',
    latitude: -7.75,
    longitude: 38.0,
  },
  {
    slug: 'lake-natron',
    name: 'Lake Natron',
    region: 'Rift Valley',
    scene: 'lake',
    palette: 'dusk',
    summary: 'A red soda lake beneath the active volcano Ol Doinyo Lengai, breeding ground of East Africa’s lesser flamingos.',
    description:
      'In the far north of Tanzania, near the Kenyan border, Lake Natron lies in a furnace-hot stretch of the Rift Valley. Its water is so alkaline that salt-loving micro-organisms turn it deep red, and it is the only regular breeding site of the lesser flamingo in East Africa; up to two million birds gather here. Above it rises Ol Doinyo Lengai, the Maasai "Mountain of God", the only active volcano on Earth erupting natrocarbonatite lava. Visitors walk to the Engare Sero waterfall, see fossilised human footprints and climb Lengai by night.',
    highlights: ['Lesser flamingo breeding grounds', 'Night climb of Ol Doinyo Lengai', 'Engare Sero waterfall gorge', '19,000-year-old human footprints'],
    wildlife: ['Lesser flamingo', 'Greater flamingo', 'Fringe-eared oryx', 'Gerenuk', 'Golden jackal'],
    bestTime: 'June-December; flamingos peak August-December',
    latitude: -2.4167,
    longitude: 36.05,
  },
  {
    slug: 'mafia-island',
    name: 'Mafia Island',
    region: 'Indian Ocean Coast',
    scene: 'shore',
    palette: 'golden',
    summary: 'Quiet island, marine park reefs and whale sharks from October to March.',
    description:
      'South of Zanzibar and a short flight from Dar es Salaam, Mafia is the archipelago’s quiet island: no big hotels, sandy lanes, fishing villages and the Mafia Island Marine Park, East Africa’s largest, protecting coral reefs, seagrass beds and mangroves. Between October and March juvenile whale sharks feed off Kilindoni, and from June to September green and hawksbill turtles nest on Juani and Jibondo islands. Diving and snorkelling in Chole Bay are excellent, and the ruins on Chole and Kua recall the island’s Shirazi and Omani past.',
    highlights: ['Whale sharks (October-March)', 'Diving in Chole Bay', 'Turtle nesting on Juani', 'Chole island ruins and baobabs'],
    wildlife: ['Whale shark', 'Green turtle', 'Hawksbill turtle', 'Humpback whale', 'Coral reef fish'],
    bestTime: 'October-March for whale sharks; June-September for turtles',
    latitude: -7.9167,
    longitude: 39.75,
  },
  {
    slug: 'mahale-mountains',
    name: 'Mahale Mountains National Park',
    region: 'Western Tanzania',
    scene: 'forest',
    palette: 'dusk',
    summary: 'Forested mountains dropping into Lake Tanganyika and one of the best places on Earth to meet wild chimpanzees.',
    description:
      'Mahale can only be reached by plane and boat: a line of forested peaks rising from the clear water and white beaches of Lake Tanganyika, the world’s longest freshwater lake. There are no roads in the park. Around 1,000 chimpanzees live in the Mahale Mountains, and the M-group, studied by Japanese researchers since 1965, is used to people, so visitors can spend an hour watching them in their forest. Afternoons are for swimming, kayaking and dhow trips on the lake.',
    highlights: ['Chimpanzee tracking with the M-group', 'Lake Tanganyika beaches and dhow trips', 'No roads, no crowds', 'Red colobus and forest birds'],
    wildlife: ['Chimpanzee', 'Red colobus', 'Yellow baboon', 'Blue monkey', 'Crowned eagle'],
    bestTime: 'July-October, when chimps come lower down the slopes',
    latitude: -6.1,
    longitude: 29.95,
  },
];
