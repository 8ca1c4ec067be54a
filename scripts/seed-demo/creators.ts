// The demo marketplace's people. Names and studios are invented; websites use the reserved .example domain.
import type { ApplicationStatus, DeliverableCategory, ExpertiseArea, SubscriptionPlan } from '../../src/domain/constants';

export interface DemoPiece {
  title: string;
  category: DeliverableCategory;
  description: string;
}

interface DemoCreatorBase {
  name: string;
  slug: string;
  bio: string | null;
  status?: ApplicationStatus;
  rejectionReason?: string;
  portfolio: DemoPiece[];
}

export interface DemoMaker extends DemoCreatorBase {
  role: 'maker';
  years: number;
  categories: DeliverableCategory[];
  seal?: boolean;
}

export interface DemoMind extends DemoCreatorBase {
  role: 'mind';
  expertise: ExpertiseArea[];
  plan: SubscriptionPlan;
}

export type DemoCreator = DemoMaker | DemoMind;

const piece = (title: string, category: DeliverableCategory, description: string): DemoPiece => ({ title, category, description });

export const DEMO_MAKERS: DemoMaker[] = [
  { role: 'maker', name: 'Ines Marlowe', slug: 'ines', years: 12, seal: true, categories: ['branding_packages', 'logo_design'],
    bio: 'Identity designer in Lisbon. I start every brand with a pencil and a long conversation, and I keep the sketches: clients get the whole story of their mark, not just the file.',
    portfolio: [piece('Norra Bakery identity', 'branding_packages', 'A warm, hand-drawn identity for a family bakery, from first sketches to packaging.'), piece('Kiln Coffee mark', 'logo_design', 'A monogram built on the shape of a pour-over cone.'), piece('Halden Books brand book', 'branding_packages', 'Typography, colour and voice for an independent publisher.')] },
  { role: 'maker', name: 'Tomás Okafor', slug: 'tomas', years: 9, seal: true, categories: ['web_design'],
    bio: 'I design and build calm, fast websites for small companies. Accessibility first, then everything else.',
    portfolio: [piece('Ostra restaurant site', 'web_design', 'Menu, bookings and stories for a seafood restaurant.'), piece('Tidewater studio site', 'web_design', 'A portfolio site that loads in under a second.')] },
  { role: 'maker', name: 'Hana Sato', slug: 'hana', years: 7, categories: ['editorial_design', 'content_marketing'],
    bio: 'Editorial designer and writer. Magazines, annual reports and long reads that people actually finish.',
    portfolio: [piece('Marrow quarterly', 'editorial_design', 'Layout system for a food magazine.'), piece('Notes from Brisa', 'content_marketing', 'A newsletter series with illustrated covers.'), piece('Umber annual report', 'editorial_design', 'A report told as a story, with charts drawn by hand.')] },
  { role: 'maker', name: 'Rafael Duarte', slug: 'rafael', years: 15, categories: ['logo_design'],
    bio: 'Letterer and logo designer. Fifteen years of marks for wineries, cafés and the occasional football club.',
    portfolio: [piece('Sable wine label mark', 'logo_design', 'A crest redrawn for small sizes.'), piece('Oak Lane monogram', 'logo_design', 'A monogram for a furniture maker.')] },
  { role: 'maker', name: 'Amara Nwosu', slug: 'amara', years: 8, seal: true, categories: ['social_media_assets', 'content_marketing'],
    bio: 'Social content that looks like your brand on its best day. I plan, shoot, design and write, and I show my working.',
    portfolio: [piece('Luma launch grid', 'social_media_assets', 'Nine launch posts for a dental practice.'), piece('Field & Fern campaign', 'social_media_assets', 'Seasonal campaign assets for a florist.'), piece('Brisa stories', 'content_marketing', 'A month of stories with original illustration.'), piece('Kiln reels covers', 'social_media_assets', 'Cover frames for a video series.')] },
  { role: 'maker', name: 'Lena Fischer', slug: 'lena', years: 11, categories: ['branding_packages', 'editorial_design'],
    bio: 'Brand and book designer in Leipzig. Quiet typography, strong ideas.',
    portfolio: [piece('Halden catalogue', 'editorial_design', 'A spring catalogue for a publisher.'), piece('Ostra brand system', 'branding_packages', 'Identity and signage for a restaurant group.')] },
  { role: 'maker', name: 'Joon Park', slug: 'joon', years: 6, categories: ['web_design', 'branding_packages'],
    bio: 'Product and web designer. I like small teams, clear goals and interfaces that get out of the way.',
    portfolio: [piece('Tidewater booking flow', 'web_design', 'A booking flow for a surf school.'), piece('Umber visual identity', 'branding_packages', 'A flexible identity for a design shop.')] },
  { role: 'maker', name: 'Sofia Lindqvist', slug: 'sofia', years: 13, seal: true, categories: ['logo_design', 'branding_packages'],
    bio: 'Nordic identity studio of one. Every mark I draw starts in ink, and every client gets the drafts that did not make it.',
    portfolio: [piece('Norra rebrand', 'branding_packages', 'A rebrand that kept what customers loved.'), piece('Field & Fern logo', 'logo_design', 'A botanical mark drawn from a pressed fern.'), piece('Brisa wordmark', 'logo_design', 'A custom wordmark with a wind-shaped B.')] },
  { role: 'maker', name: 'Mateo Alvarez', slug: 'mateo', years: 4, categories: ['social_media_assets'],
    bio: 'Motion-minded designer making posts, carousels and covers for independent brands.',
    portfolio: [piece('Sable carousel set', 'social_media_assets', 'Tasting-notes carousels for a wine bar.'), piece('Marrow social kit', 'social_media_assets', 'Templates the client can keep using.')] },
  { role: 'maker', name: 'Priya Raman', slug: 'priya', years: 10, categories: ['content_marketing', 'editorial_design'],
    bio: 'Content strategist who also designs the page. Case studies, guides and newsletters that earn their place in an inbox.',
    portfolio: [piece('Luma patient guide', 'content_marketing', 'A friendly guide for first visits.'), piece('Halden author series', 'editorial_design', 'Interview spreads for an author series.')] },
  { role: 'maker', name: 'Oskar Nyberg', slug: 'oskar', years: 5, categories: ['web_design'],
    bio: 'Designer-developer. I build what I design, so nothing gets lost in the handover.',
    portfolio: [piece('Kiln online shop', 'web_design', 'A small shop with a big subscription flow.'), piece('Oak Lane portfolio', 'web_design', 'A furniture catalogue that works on any phone.'), piece('Brisa landing page', 'web_design', 'A launch page with a waiting list.')] },
  { role: 'maker', name: 'Chiara Benedetti', slug: 'chiara', years: 14, seal: true, categories: ['editorial_design'],
    bio: 'Art director for print in Milan. Magazines, exhibition catalogues and books with a spine you want to see on the shelf.',
    portfolio: [piece('Umber exhibition catalogue', 'editorial_design', 'Catalogue for a ceramics exhibition.'), piece('Marrow issue 12', 'editorial_design', 'Cover and features for a food magazine.')] },
  { role: 'maker', name: 'Kwame Mensah', slug: 'kwame', years: 9, categories: ['branding_packages', 'logo_design', 'social_media_assets', 'web_design'],
    bio: 'Full-brand designer for start-ups in Accra and London. From the first logo sketch to the launch week posts, one pair of hands.',
    portfolio: [piece('Tidewater brand launch', 'branding_packages', 'Identity, site and launch posts.'), piece('Sable mark', 'logo_design', 'A mark that works engraved and on screen.'), piece('Luma social templates', 'social_media_assets', 'Editable templates for a clinic team.')] },
  { role: 'maker', name: 'Elif Yılmaz', slug: 'elif', years: 7, categories: ['logo_design', 'branding_packages'],
    bio: 'Logos with a story. I draw with geometry and test with people before anything is final.',
    portfolio: [piece('Ostra emblem', 'logo_design', 'An emblem for a seafood bar.'), piece('Kiln packaging system', 'branding_packages', 'Bags, labels and stamps for a roastery.')] },
  { role: 'maker', name: 'Noah Bergström', slug: 'noah', years: 3, categories: ['content_marketing'],
    bio: 'Copywriter and content designer. Clear words, short sentences, honest claims.',
    portfolio: [piece('Field & Fern journal', 'content_marketing', 'A seasonal blog series for a florist.'), piece('Oak Lane product stories', 'content_marketing', 'Product pages that read like letters.')] },
  { role: 'maker', name: 'Maya Goldberg', slug: 'maya', years: 6, categories: ['social_media_assets', 'content_marketing'],
    bio: null,
    portfolio: [piece('Brisa spring posts', 'social_media_assets', 'A spring campaign in nine tiles.'), piece('Norra recipe cards', 'content_marketing', 'Recipe cards for social and print.')] },
  { role: 'maker', name: 'Aiyana Redcloud', slug: 'aiyana', years: 16, seal: true, categories: ['editorial_design', 'branding_packages'],
    bio: 'Designer and illustrator. Books, identities and exhibitions rooted in place and made by hand, with every stage documented for the client.',
    portfolio: [piece('Umber identity', 'branding_packages', 'An identity drawn from earth pigments.'), piece('Halden poetry series', 'editorial_design', 'Covers and interiors for a poetry series.'), piece('Field & Fern field guide', 'editorial_design', 'An illustrated guide to wild flowers.')] },
  { role: 'maker', name: 'Felix Hartmann', slug: 'felix', years: 8, categories: ['web_design', 'content_marketing'],
    bio: 'I design websites around the words. Writing and layout in one process.',
    portfolio: [piece('Marrow recipes site', 'web_design', 'A recipe archive that is a pleasure to search.'), piece('Sable newsletter', 'content_marketing', 'A monthly letter from the cellar.')] },
];

export const DEMO_MINDS: DemoMind[] = [
  { role: 'mind', name: 'Clara Whitfield', slug: 'clara', plan: 'premium', expertise: ['Brand Strategy', 'Creative Direction'],
    bio: 'Brand strategist for twenty years, now helping founders find the one sentence their brand stands on. I work in workshops, not decks.',
    portfolio: [piece('Norra positioning', 'branding_packages', 'A positioning workshop turned into a one-page brand.'), piece('Tidewater brand story', 'content_marketing', 'The founding story, written with the founders.')] },
  { role: 'mind', name: 'Samuel Adeyemi', slug: 'samuel', plan: 'pro', expertise: ['Marketing Strategy', 'Content Strategy'],
    bio: 'Marketing strategist for independent brands. I build plans a small team can actually run.', portfolio: [] },
  { role: 'mind', name: 'Yuki Tanabe', slug: 'yuki', plan: 'basic', expertise: ['Design Thinking', 'Creative Direction'],
    bio: 'Creative director and facilitator. I help teams see their customer clearly and then design for them.',
    portfolio: [piece('Luma service blueprint', 'web_design', 'A patient journey mapped with the clinic staff.'), piece('Kiln creative direction', 'branding_packages', 'Art direction for a coffee brand relaunch.')] },
  { role: 'mind', name: 'Beatriz Moreau', slug: 'beatriz', plan: 'premium', expertise: ['Business Consulting', 'Brand Strategy'],
    bio: 'Former agency partner. I help creative businesses price, position and grow without losing what makes them good.', portfolio: [] },
  { role: 'mind', name: 'Daniel Kowalski', slug: 'daniel', plan: 'basic', expertise: ['Content Strategy'], bio: null, portfolio: [] },
  { role: 'mind', name: 'Nadia Haddad', slug: 'nadia', plan: 'pro', expertise: ['Creative Direction', 'Design Thinking', 'Brand Strategy', 'Marketing Strategy'],
    bio: 'Creative director across brand, campaign and product. I bring makers and clients to the same table and keep the idea intact.',
    portfolio: [piece('Ostra campaign direction', 'social_media_assets', 'Direction for a summer campaign shot on film.'), piece('Umber brand direction', 'branding_packages', 'Moodboards and principles for a new identity.')] },
  { role: 'mind', name: 'Arjun Mehta', slug: 'arjun', plan: 'basic', expertise: ['Marketing Strategy', 'Business Consulting'],
    bio: 'Growth strategy for service businesses. Numbers first, then the story that makes people care.', portfolio: [] },
  { role: 'mind', name: 'Greta Holm', slug: 'greta', plan: 'pro', expertise: ['Content Strategy', 'Brand Strategy'],
    bio: 'Editorial strategist. I turn what a company knows into things people want to read.', portfolio: [] },
];

/** Applicants the admin still has to decide on, and one who was turned down with a reason. */
export const DEMO_APPLICANTS: DemoCreator[] = [
  { role: 'maker', name: 'Lucas Ferreira', slug: 'lucas', status: 'pending', years: 5, categories: ['logo_design', 'web_design'],
    bio: 'Designer from Porto applying with logo and web work. Process files attached for every piece.',
    portfolio: [piece('Brisa surf school logo', 'logo_design', 'A wave-shaped mark.'), piece('Norra web shop', 'web_design', 'An online shop for bread subscriptions.')] },
  { role: 'maker', name: 'Emil Strand', slug: 'emil', status: 'pending', years: 2, categories: ['social_media_assets'],
    bio: 'Junior designer focused on social content for music venues.', portfolio: [piece('Venue poster grid', 'social_media_assets', 'Weekly gig posts.')] },
  { role: 'mind', name: 'Zara Quinn', slug: 'zara', status: 'pending', plan: 'pro', expertise: ['Content Strategy', 'Marketing Strategy'],
    bio: 'Content lead turned consultant, applying as a Mind.', portfolio: [] },
  { role: 'maker', name: 'Victor Hale', slug: 'victor', status: 'rejected', years: 1, categories: ['logo_design'],
    rejectionReason: 'Thank you for applying. We could not see your own process in the portfolio yet: please add sketches or drafts for at least two pieces and submit again.',
    bio: 'Logo designer.', portfolio: [piece('Logo collection', 'logo_design', 'Ten logos.')] },
  { role: 'maker', name: 'Mira Lowe', slug: 'mira', status: 'draft', years: 3, categories: [], bio: null, portfolio: [] },
];
