/** Demo travelers who signed the seeded reviews. They have no password and cannot sign in. */
export const reviewers = [
  { slug: 'sarah-whitfield', fullName: 'Sarah Whitfield', email: 'sarah.whitfield@example.com', country: 'United Kingdom' },
  { slug: 'marco-bianchi', fullName: 'Marco Bianchi', email: 'marco.bianchi@example.com', country: 'Italy' },
  { slug: 'aisha-okafor', fullName: 'Aisha Okafor', email: 'aisha.okafor@example.com', country: 'Nigeria' },
  { slug: 'daniel-kim', fullName: 'Daniel Kim', email: 'daniel.kim@example.com', country: 'United States' },
  { slug: 'lena-hoffmann', fullName: 'Lena Hoffmann', email: 'lena.hoffmann@example.com', country: 'Germany' },
  { slug: 'priya-raman', fullName: 'Priya Raman', email: 'priya.raman@example.com', country: 'India' },
];

export interface ReviewSeed {
  tour: string;
  /** Index into reviewers. */
  reviewer: number;
  rating: number;
  title: string;
  body: string;
  daysAgo: number;
}

export const reviews: ReviewSeed[] = [
  { tour: '7-day-great-migration-safari', reviewer: 0, rating: 5, daysAgo: 32, title: 'We saw a crossing on day four', body: 'Emmanuel had us parked at the Mara River by 8 AM and we waited three hours. Then the first zebra jumped and the whole herd followed. The camp was comfortable and the staff remembered our names from the first evening.' },
  { tour: '7-day-great-migration-safari', reviewer: 3, rating: 5, daysAgo: 75, title: 'Worth every dollar', body: 'Leopard in the Seronera valley, a cheetah kill, and a black rhino in the crater on the last morning. The guide knew exactly when to move on and when to wait.' },
  { tour: '7-day-great-migration-safari', reviewer: 4, rating: 4, daysAgo: 120, title: 'Amazing wildlife, long drives', body: 'The animals were unbelievable. Be prepared for some long, bumpy days in the vehicle, but the guide made sure we stopped often.' },
  { tour: '10-day-grand-tanzania-safari', reviewer: 1, rating: 5, daysAgo: 48, title: 'The perfect first safari', body: 'Ten days felt just right: no rushing, every park different. Lake Manyara surprised us most, with lions up in the trees exactly as promised.' },
  { tour: '10-day-grand-tanzania-safari', reviewer: 5, rating: 5, daysAgo: 200, title: 'Planned to perfection', body: 'Neema answered every one of our questions before the trip and everything ran on time. The Maasai boma visit felt genuine, not staged.' },
  { tour: '3-day-tarangire-ngorongoro-safari', reviewer: 2, rating: 5, daysAgo: 15, title: 'Short but full', body: 'We did this after our Kilimanjaro climb. More elephants than we could count in Tarangire and four lions in the crater before 9 AM.' },
  { tour: '3-day-tarangire-ngorongoro-safari', reviewer: 4, rating: 4, daysAgo: 90, title: 'Great value', body: 'Good lodge in Karatu, very friendly guide. I wish we had had one more day for the Serengeti.' },
  { tour: '4-day-serengeti-ngorongoro-safari', reviewer: 3, rating: 5, daysAgo: 60, title: 'Leopard on the first evening', body: 'Our guide spotted a leopard in a sausage tree on the first drive. The camp was simple but clean, and the food was excellent.' },
  { tour: '8-day-calving-season-safari', reviewer: 0, rating: 5, daysAgo: 260, title: 'Nature at its most intense', body: 'We watched a calf being born and standing within five minutes, and then a cheetah hunt the same afternoon. Ndutu in February is something everyone should see once.' },
  { tour: '6-day-southern-wilderness-fly-in', reviewer: 1, rating: 5, daysAgo: 140, title: 'Real wilderness', body: 'We saw only three other vehicles in Ruaha in three days. The walking safari and the boat trip on Lake Manze were highlights.' },
  { tour: '8-day-lemosho-route-kilimanjaro', reviewer: 2, rating: 5, daysAgo: 22, title: 'Summited with a smile', body: 'Daudi and the crew were incredible. They checked our oxygen twice a day and paced us perfectly. All six of our group reached Uhuru Peak.' },
  { tour: '8-day-lemosho-route-kilimanjaro', reviewer: 3, rating: 5, daysAgo: 180, title: 'Hardest and best thing I have done', body: 'Summit night was brutal, but the views from the Shira Plateau and the Barranco Wall made the whole week special. The cook made fresh pancakes at 4,000 m.' },
  { tour: '8-day-lemosho-route-kilimanjaro', reviewer: 5, rating: 4, daysAgo: 310, title: 'Very well organised', body: 'Tents were warm and the toilet tent was a blessing. Rent their sleeping bags rather than bringing your own, they are very good.' },
  { tour: '7-day-machame-route-kilimanjaro', reviewer: 4, rating: 5, daysAgo: 55, title: 'The Barranco Wall was fun!', body: 'Great guides who sang us up the mountain. I had a headache at Barafu, and the guide kept a close eye on me all night.' },
  { tour: '6-day-marangu-route-kilimanjaro', reviewer: 1, rating: 4, daysAgo: 95, title: 'Huts were a good choice in April', body: 'It rained a lot, and we were very glad of the huts. Summit via Gillman’s Point was tough but we made it.' },
  { tour: '5-day-zanzibar-spice-stone-town', reviewer: 0, rating: 5, daysAgo: 28, title: 'Loved Stone Town', body: 'Our guide Salim knew the story behind every door. The spice farm cooking class was the best meal of our whole trip.' },
  { tour: '5-day-zanzibar-spice-stone-town', reviewer: 5, rating: 5, daysAgo: 110, title: 'Beautiful end to our safari', body: 'Easy, relaxing and well organised. The sunset dhow was magical.' },
  { tour: '4-day-mafia-island-whale-sharks', reviewer: 4, rating: 5, daysAgo: 70, title: 'Swimming with a whale shark!', body: 'We swam next to a six-metre whale shark for ten minutes. Mafia is peaceful and the lodge was lovely.' },
  { tour: 'maasai-village-cultural-day', reviewer: 2, rating: 5, daysAgo: 40, title: 'Respectful and real', body: 'No staged performance: we herded goats, learned about plants and ate with the family. We asked a lot of questions and they asked us just as many.' },
  { tour: 'materuni-waterfalls-coffee-tour', reviewer: 3, rating: 5, daysAgo: 18, title: 'Best coffee ever', body: 'The waterfall was stunning and roasting our own coffee with the family was great fun. Perfect rest day before the climb.' },
  { tour: '6-day-family-safari-adventure', reviewer: 5, rating: 5, daysAgo: 85, title: 'Our kids loved every minute', body: 'The junior ranger kits kept our 7 and 10 year olds busy and excited. Pools at every lodge were a big win.' },
  { tour: '9-day-bush-beach-honeymoon', reviewer: 1, rating: 5, daysAgo: 150, title: 'A honeymoon we will never forget', body: 'The bush dinner under the acacias was the most romantic evening of our lives, and the villa on Zanzibar was perfect.' },
  { tour: '4-day-mount-meru-climb', reviewer: 0, rating: 5, daysAgo: 205, title: 'Underrated mountain', body: 'Giraffes on the walk in, a spectacular crater rim and Kilimanjaro at sunrise. Better than expected in every way.' },
  { tour: 'arusha-national-park-day-trip', reviewer: 2, rating: 4, daysAgo: 66, title: 'Lovely day out', body: 'Canoeing among flamingos was lovely. The walk to the waterfall is longer than it sounds; bring good shoes.' },
];
