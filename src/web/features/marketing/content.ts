/** Marketing copy shared by the public pages. Headings the product names are used word for word. */

export interface CopyItem {
  title: string;
  body: string;
}

/** The public pitch in four steps. */
export const FOUR_STEPS: readonly CopyItem[] = [
  {
    title: 'Choose Your Role',
    body: 'Join as a Maker who produces the work, a Mind who shapes the thinking behind it, or a Client who brings the brief. Each role has its own path and its own dashboard.',
  },
  {
    title: 'Get Verified',
    body: 'A person on our team reviews every creator: the portfolio, a short intro video and the process documentation that shows how the work came to be. Nothing goes live before that.',
  },
  {
    title: 'Work with Confidence',
    body: 'Clients browse verified creators and hire directly, or ask for White Glove matching: our team hand-picks a shortlist of 3 matches within 24-48 hours.',
  },
  {
    title: 'Earn the Seal',
    body: 'Makers who complete 3 verified projects with documented process work receive the Seal, the mark clients look for when it has to be human-made.',
  },
];

export const PRINCIPLES: readonly CopyItem[] = [
  {
    title: 'Authenticity',
    body: 'Every piece on Humanmade was made by the person whose name is on it. We ask for the sketches, drafts and decisions, not only the finished file.',
  },
  {
    title: 'Curation',
    body: 'We would rather be small and trustworthy than large and noisy. Each application is read by a person, and only approved creators appear.',
  },
  {
    title: 'Community',
    body: 'Makers and Minds learn from each other in workshops and conversations, because craft grows faster in good company.',
  },
  {
    title: 'Excellence',
    body: 'We hold the bar where clients need it: clear briefs, honest timelines and work that stands up to a second look.',
  },
];

/** The maker's 5-step path. */
export const MAKER_PATH: readonly CopyItem[] = [
  { title: 'Sign up and verify', body: 'Create your account as a Maker and confirm your email address.' },
  { title: 'Complete your profile', body: 'Tell us about your practice, your years of experience and the work you deliver, and add your website and a short intro video.' },
  { title: 'Admin review', body: 'A member of our team looks at your portfolio and your process, usually within a few working days.' },
  { title: 'Get approved', body: 'Once approved, your studio goes live in the marketplace and clients can find and hire you.' },
  { title: 'Start creating', body: 'Accept projects, document your process as you go, and deliver work you are proud to sign.' },
];

/** The mind's 6-step path. */
export const MIND_PATH: readonly CopyItem[] = [
  { title: 'Sign up and verify', body: 'Create your account as a Mind and confirm your email address.' },
  { title: 'Complete your profile', body: 'Describe your practice and choose the areas of expertise you consult on.' },
  { title: 'Select your plan', body: 'Start on Basic, or talk to us about Pro or Premium for priority matching.' },
  { title: 'Upload your video intro', body: 'A minute on camera, in your own words, so clients meet the person behind the strategy.' },
  { title: 'Admin review', body: 'Our team reviews your application and your intro personally.' },
  { title: 'Start consulting', body: 'Your studio goes live, and clients can bring you in to shape their brand, content and direction.' },
];

export const MAKER_BENEFITS: readonly CopyItem[] = [
  { title: 'Clients who value craft', body: 'The people who hire here came looking for human work. You will not be competing with a generator on price.' },
  { title: 'Your process is an asset', body: 'Sketches, drafts and dead ends are proof of authorship. Your studio shows them off instead of hiding them.' },
  { title: 'A studio that sells for you', body: 'A portfolio page with your specialties, your intro video and your best work, ready to share.' },
  { title: 'Fair, clear projects', body: 'Briefs with a budget and a deliverable, and a simple flow from acceptance to approval.' },
];

export const MIND_BENEFITS: readonly CopyItem[] = [
  { title: 'Strategy, not just output', body: 'Brands come to Minds for the thinking: positioning, direction and the story that holds it all together.' },
  { title: 'Engagements that last', body: 'A subscription-based relationship lets you work with clients over months, not one-off tasks.' },
  { title: 'Priority where it counts', body: 'Pro and Premium Minds are put forward first when our team curates White Glove matches.' },
  { title: 'A community of makers', body: 'Pair your direction with verified Makers who can bring it to life.' },
];

export interface Tier {
  name: 'Basic' | 'Pro' | 'Premium';
  price: string;
  summary: string;
  features: readonly string[];
}

/** Prices are not set yet (the product's decision): Basic is free, the others are arranged with the team. */
export const MIND_TIERS: readonly Tier[] = [
  {
    name: 'Basic',
    price: 'Free',
    summary: 'Everything you need to be found and hired.',
    features: ['A public studio with your expertise and portfolio', 'Listed in the marketplace once approved', 'Access to community workshops'],
  },
  {
    name: 'Pro',
    price: 'Contact us',
    summary: 'For Minds building a steady consulting practice.',
    features: ['Everything in Basic', 'Considered for White Glove shortlists', 'A highlighted place in client searches'],
  },
  {
    name: 'Premium',
    price: 'Contact us',
    summary: 'Priority matching and deeper insight.',
    features: ['Everything in Pro', 'Priority matching for White Glove requests', 'Advanced analytics on your studio'],
  },
];

export const WHITE_GLOVE_COPY =
  'Short on time? Describe what you need and your budget, and our team will hand-pick 3 verified creators for it. You get your shortlist within 24-48 hours.';
