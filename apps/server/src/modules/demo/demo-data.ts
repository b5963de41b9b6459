import type { CategoryName, Condition } from '@market/shared';

/** The demo accounts; their passwords are in the README and on the log-in page (admin). */
export const DEMO_ACCOUNTS = {
  admin: {
    name: 'Demo Admin',
    email: 'admin@example.com',
    password: 'admin-demo-1',
    phone: '+15550100',
  },
  seller: {
    name: 'Rahim Phones',
    email: 'seller@example.com',
    password: 'seller-demo-1',
    phone: '+15550101',
  },
  newSeller: {
    name: 'Nadia Mobile',
    email: 'newseller@example.com',
    password: 'seller-demo-2',
    phone: '+15550102',
  },
  buyer: {
    name: 'Sam Buyer',
    email: 'buyer@example.com',
    password: 'buyer-demo-1',
    phone: '+15550103',
  },
} as const;

export const DEMO_CATEGORIES: Array<{ name: CategoryName; img: string }> = [
  { name: 'iPhone', img: '/demo/category-iphone.webp' },
  { name: 'samsung', img: '/demo/category-samsung.webp' },
  { name: 'xiaomi', img: '/demo/category-xiaomi.webp' },
  { name: 'realme', img: '/demo/category-realme.webp' },
];

export interface DemoProduct {
  seller: 'seller' | 'newSeller';
  category: CategoryName;
  name: string;
  image: string;
  originalPrice: number;
  resellPrice: number;
  yearOfPurchase: number;
  condition: Condition;
  location: string;
  description: string;
  advertised: boolean;
}

export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    seller: 'seller',
    category: 'iPhone',
    name: 'iPhone 14 Pro 128GB',
    image: 'iphone-1',
    originalPrice: 999,
    resellPrice: 640,
    yearOfPurchase: 2023,
    condition: 'excellent',
    location: 'Dhaka, Gulshan',
    advertised: true,
    description:
      'Deep purple, battery health 91%, always in a case with a screen protector since day one. Comes with the original box, cable and the receipt from the shop. Face ID and all cameras work perfectly; no scratches on the screen or the frame. Selling because I moved to a bigger model and want it to go to someone who will look after it.',
  },
  {
    seller: 'seller',
    category: 'iPhone',
    name: 'iPhone 13 128GB',
    image: 'iphone-2',
    originalPrice: 799,
    resellPrice: 430,
    yearOfPurchase: 2022,
    condition: 'good',
    location: 'Dhaka, Banani',
    advertised: false,
    description: 'Midnight, battery health 86%. Light marks on the frame, screen is flawless.',
  },
  {
    seller: 'newSeller',
    category: 'iPhone',
    name: 'iPhone 12 mini 64GB',
    image: 'iphone-3',
    originalPrice: 699,
    resellPrice: 260,
    yearOfPurchase: 2021,
    condition: 'fair',
    location: 'Chattogram',
    advertised: false,
    description: 'Small and light. Back glass has a hairline crack, works perfectly otherwise.',
  },
  {
    seller: 'seller',
    category: 'iPhone',
    name: 'iPhone 15 256GB',
    image: 'iphone-4',
    originalPrice: 899,
    resellPrice: 720,
    yearOfPurchase: 2024,
    condition: 'excellent',
    location: 'Dhaka, Dhanmondi',
    advertised: true,
    description:
      'Pink, bought last year, under warranty until next spring. USB-C, 48 MP camera, Dynamic Island. Always used with a MagSafe case.',
  },
  {
    seller: 'newSeller',
    category: 'iPhone',
    name: 'iPhone SE (2022) 64GB',
    image: 'iphone-5',
    originalPrice: 429,
    resellPrice: 190,
    yearOfPurchase: 2022,
    condition: 'good',
    location: 'Sylhet',
    advertised: false,
    description: 'Touch ID, red. Great first phone for a student.',
  },
  {
    seller: 'seller',
    category: 'samsung',
    name: 'Galaxy S23 Ultra 256GB',
    image: 'samsung-1',
    originalPrice: 1199,
    resellPrice: 760,
    yearOfPurchase: 2023,
    condition: 'excellent',
    location: 'Dhaka, Uttara',
    advertised: true,
    description:
      'Phantom black with the S Pen. 200 MP camera, 5000 mAh battery that still lasts a full day. Original charger and two cases included. No repairs, never dropped.',
  },
  {
    seller: 'seller',
    category: 'samsung',
    name: 'Galaxy A54 5G 128GB',
    image: 'samsung-2',
    originalPrice: 449,
    resellPrice: 230,
    yearOfPurchase: 2023,
    condition: 'good',
    location: 'Dhaka, Mirpur',
    advertised: false,
    description: 'Awesome violet, small scuff on one corner.',
  },
  {
    seller: 'newSeller',
    category: 'samsung',
    name: 'Galaxy Z Flip5 256GB',
    image: 'samsung-3',
    originalPrice: 999,
    resellPrice: 520,
    yearOfPurchase: 2023,
    condition: 'good',
    location: 'Khulna',
    advertised: true,
    description: 'Mint. The fold crease is visible only at an angle. Flex window works perfectly.',
  },
  {
    seller: 'seller',
    category: 'samsung',
    name: 'Galaxy S21 FE 128GB',
    image: 'samsung-4',
    originalPrice: 699,
    resellPrice: 240,
    yearOfPurchase: 2022,
    condition: 'fair',
    location: 'Rajshahi',
    advertised: false,
    description: 'Olive, battery replaced at an authorised centre last month.',
  },
  {
    seller: 'newSeller',
    category: 'samsung',
    name: 'Galaxy M34 5G 128GB',
    image: 'samsung-5',
    originalPrice: 299,
    resellPrice: 170,
    yearOfPurchase: 2024,
    condition: 'excellent',
    location: 'Dhaka, Mohammadpur',
    advertised: false,
    description: '6000 mAh battery, two days of normal use.',
  },
  {
    seller: 'seller',
    category: 'xiaomi',
    name: 'Xiaomi 13T Pro 512GB',
    image: 'xiaomi-1',
    originalPrice: 799,
    resellPrice: 480,
    yearOfPurchase: 2024,
    condition: 'excellent',
    location: 'Dhaka, Gulshan',
    advertised: true,
    description: 'Leica optics, 120 W charging (charger included). Alpine blue, like new.',
  },
  {
    seller: 'seller',
    category: 'xiaomi',
    name: 'Redmi Note 12 Pro 256GB',
    image: 'xiaomi-2',
    originalPrice: 349,
    resellPrice: 180,
    yearOfPurchase: 2023,
    condition: 'good',
    location: 'Gazipur',
    advertised: false,
    description: 'Polar white, with box.',
  },
  {
    seller: 'newSeller',
    category: 'xiaomi',
    name: 'Poco F5 256GB',
    image: 'xiaomi-3',
    originalPrice: 429,
    resellPrice: 250,
    yearOfPurchase: 2023,
    condition: 'good',
    location: 'Narayanganj',
    advertised: false,
    description: 'Snapdragon 7+ Gen 2, great for games.',
  },
  {
    seller: 'seller',
    category: 'xiaomi',
    name: 'Redmi 12 128GB',
    image: 'xiaomi-4',
    originalPrice: 179,
    resellPrice: 95,
    yearOfPurchase: 2024,
    condition: 'excellent',
    location: 'Cumilla',
    advertised: false,
    description: 'Sky blue, barely used backup phone.',
  },
  {
    seller: 'newSeller',
    category: 'xiaomi',
    name: 'Xiaomi 12 Lite 128GB',
    image: 'xiaomi-5',
    originalPrice: 399,
    resellPrice: 160,
    yearOfPurchase: 2022,
    condition: 'fair',
    location: 'Barishal',
    advertised: false,
    description: 'Screen has light scratches, camera module perfect.',
  },
  {
    seller: 'seller',
    category: 'realme',
    name: 'realme GT 5 Pro 256GB',
    image: 'realme-1',
    originalPrice: 599,
    resellPrice: 410,
    yearOfPurchase: 2024,
    condition: 'excellent',
    location: 'Dhaka, Bashundhara',
    advertised: true,
    description:
      'Bright moon white with the leather back. Periscope telephoto camera and 100 W charging. Used for four months, selling with the original box.',
  },
  {
    seller: 'seller',
    category: 'realme',
    name: 'realme 11 Pro+ 256GB',
    image: 'realme-2',
    originalPrice: 449,
    resellPrice: 260,
    yearOfPurchase: 2023,
    condition: 'good',
    location: 'Dhaka, Badda',
    advertised: false,
    description: 'Sunrise beige, 200 MP camera.',
  },
  {
    seller: 'newSeller',
    category: 'realme',
    name: 'realme C55 128GB',
    image: 'realme-3',
    originalPrice: 199,
    resellPrice: 110,
    yearOfPurchase: 2023,
    condition: 'good',
    location: 'Mymensingh',
    advertised: false,
    description: 'Rainy night, a few marks on the back.',
  },
  {
    seller: 'seller',
    category: 'realme',
    name: 'realme narzo 60 128GB',
    image: 'realme-4',
    originalPrice: 249,
    resellPrice: 120,
    yearOfPurchase: 2023,
    condition: 'fair',
    location: 'Rangpur',
    advertised: false,
    description: 'Works well, charging port a little loose.',
  },
  {
    seller: 'newSeller',
    category: 'realme',
    name: 'realme 12 Pro 256GB',
    image: 'realme-5',
    originalPrice: 399,
    resellPrice: 300,
    yearOfPurchase: 2024,
    condition: 'excellent',
    location: 'Dhaka, Motijheel',
    advertised: false,
    description: 'Navigator beige, under warranty.',
  },
];

export const DEMO_REVIEWS = [
  {
    name: 'Arif Rahman',
    img: '/demo/person-1.webp',
    reviewText:
      'Sold my old Galaxy in two days. The buyer met me at a café near my office and everything was exactly as the listing said.',
  },
  {
    name: 'Sadia Noor',
    img: '/demo/person-2.webp',
    reviewText:
      'The verified badge gave me the confidence to book. The iPhone I bought is in better shape than the photos showed.',
  },
  {
    name: 'Kamal Hossain',
    img: '/demo/person-3.webp',
    reviewText:
      'Listing a phone takes a minute, and advertising it put it on the home page right away. I had three bookings the same evening.',
  },
  {
    name: 'Maya Jahan',
    img: '/demo/person-4.webp',
    reviewText:
      'I keep a wishlist of phones I like and book the one whose price drops. Simple and honest.',
  },
];

export const DEMO_BLOGS = [
  {
    qn: 'How does booking a phone work?',
    ans: 'Press "Booked Now" on a listing, give your phone number and a place to meet, and the seller sees your booking in their dashboard. You meet in person, check the phone, and pay only when you are happy with it.',
  },
  {
    qn: 'What does the verified badge mean?',
    ans: 'An admin has checked the seller. Verified sellers show a blue badge next to their name on every listing card.',
  },
  {
    qn: 'How do I check a used phone before paying?',
    ans: "Check the battery health, that the IMEI on the box matches the phone, that every camera, speaker and button works, and that the phone is signed out of the previous owner's account.",
  },
  {
    qn: 'What is the difference between the original and the resell price?',
    ans: 'The original price is what the phone cost new; the resell price is what the seller asks now. The difference shows how much you save.',
  },
  {
    qn: 'How do I advertise my listing?',
    ans: 'In your dashboard, open My Products and click "available" next to the listing. It then appears in the Advertisement section of the home page.',
  },
];

export interface DemoDetails {
  storageGb: number;
  colour: string;
  batteryHealth: number;
  networkLock: string;
  /** Signed out of Find My / Google account; null: not stated (posted before it was asked). */
  activationLockOff: boolean | null;
  /** Fully paid off; null: not stated. */
  paidOff: boolean | null;
  included: string;
  warrantyUntil: string | null;
}

/** The demo listings' details, by image name (each demo listing has its own image). */
const DEMO_DETAILS: Record<string, Omit<DemoDetails, 'storageGb'>> = {
  'iphone-1': {
    colour: 'Deep purple',
    batteryHealth: 91,
    networkLock: 'unlocked',
    activationLockOff: true,
    paidOff: true,
    included: 'box,cable',
    warrantyUntil: null,
  },
  'iphone-2': {
    colour: 'Midnight',
    batteryHealth: 86,
    networkLock: 'unlocked',
    activationLockOff: true,
    paidOff: true,
    included: '',
    warrantyUntil: null,
  },
  'iphone-3': {
    colour: 'Blue',
    batteryHealth: 78,
    networkLock: 'Grameenphone',
    activationLockOff: true,
    paidOff: false,
    included: 'case',
    warrantyUntil: null,
  },
  'iphone-4': {
    colour: 'Black',
    batteryHealth: 99,
    networkLock: 'unlocked',
    activationLockOff: true,
    paidOff: true,
    included: 'box,charger,cable',
    warrantyUntil: '2026-12-31',
  },
  'iphone-5': {
    colour: 'Red',
    batteryHealth: 84,
    networkLock: 'unlocked',
    activationLockOff: true,
    paidOff: true,
    included: 'cable',
    warrantyUntil: null,
  },
  'samsung-1': {
    colour: 'Phantom black',
    batteryHealth: 95,
    networkLock: 'unlocked',
    activationLockOff: true,
    paidOff: true,
    included: 'box,charger,cable,case',
    warrantyUntil: '2026-08-15',
  },
  'samsung-2': {
    colour: 'Awesome violet',
    batteryHealth: 90,
    networkLock: 'Robi',
    activationLockOff: true,
    paidOff: false,
    included: 'box',
    warrantyUntil: null,
  },
  'samsung-3': {
    colour: 'Mint',
    batteryHealth: 93,
    networkLock: 'unlocked',
    activationLockOff: true,
    paidOff: true,
    included: 'box,cable',
    warrantyUntil: '2026-06-30',
  },
  'samsung-4': {
    colour: 'Olive',
    batteryHealth: 100,
    networkLock: 'unlocked',
    activationLockOff: true,
    paidOff: true,
    included: 'charger',
    warrantyUntil: null,
  },
  'samsung-5': {
    colour: 'Midnight blue',
    batteryHealth: 88,
    networkLock: 'Banglalink',
    activationLockOff: true,
    paidOff: true,
    included: '',
    warrantyUntil: null,
  },
  'xiaomi-1': {
    colour: 'Alpine blue',
    batteryHealth: 97,
    networkLock: 'unlocked',
    activationLockOff: true,
    paidOff: true,
    included: 'box,charger,cable',
    warrantyUntil: '2027-01-20',
  },
  'xiaomi-2': {
    colour: 'Polar white',
    batteryHealth: 89,
    networkLock: 'unlocked',
    activationLockOff: true,
    paidOff: true,
    included: 'box',
    warrantyUntil: null,
  },
  'xiaomi-3': {
    colour: 'Carbon black',
    batteryHealth: 92,
    networkLock: 'unlocked',
    activationLockOff: true,
    paidOff: true,
    included: 'cable,case',
    warrantyUntil: null,
  },
  'xiaomi-4': {
    colour: 'Sky blue',
    batteryHealth: 96,
    networkLock: 'Grameenphone',
    activationLockOff: true,
    paidOff: true,
    included: 'box,charger',
    warrantyUntil: null,
  },
  'xiaomi-5': {
    colour: 'Lite green',
    batteryHealth: 81,
    networkLock: 'unlocked',
    activationLockOff: null,
    paidOff: null,
    included: '',
    warrantyUntil: null,
  },
  'realme-1': {
    colour: 'Bright white',
    batteryHealth: 98,
    networkLock: 'unlocked',
    activationLockOff: true,
    paidOff: true,
    included: 'box,charger,cable,case',
    warrantyUntil: '2027-03-01',
  },
  'realme-2': {
    colour: 'Sunrise beige',
    batteryHealth: 94,
    networkLock: 'unlocked',
    activationLockOff: true,
    paidOff: true,
    included: 'box,cable',
    warrantyUntil: null,
  },
  'realme-3': {
    colour: 'Rainy night',
    batteryHealth: 85,
    networkLock: 'Teletalk',
    activationLockOff: true,
    paidOff: true,
    included: 'charger',
    warrantyUntil: null,
  },
  'realme-4': {
    colour: 'Cosmic purple',
    batteryHealth: 79,
    networkLock: 'unlocked',
    activationLockOff: false,
    paidOff: true,
    included: '',
    warrantyUntil: null,
  },
  'realme-5': {
    colour: 'Navigator beige',
    batteryHealth: 99,
    networkLock: 'unlocked',
    activationLockOff: true,
    paidOff: true,
    included: 'box,charger,cable',
    warrantyUntil: '2027-05-10',
  },
};

/** A demo listing's details: the storage its name states, the rest from the table above. */
export function demoDetails(product: DemoProduct): DemoDetails | null {
  const details = DEMO_DETAILS[product.image];
  const storage = /(\d+)GB/.exec(product.name);
  if (!details || !storage) return null;
  return { storageGb: Number(storage[1]), ...details };
}

/** A few demo listings show several photos, reusing the demo images of their category. */
export const DEMO_EXTRA_PHOTOS: Record<string, string[]> = {
  'iphone-1': ['iphone-4', 'iphone-2'],
  'samsung-1': ['samsung-3', 'samsung-2'],
  'xiaomi-1': ['xiaomi-2'],
};

/** Listings whose price went down since posting: the price they were posted at. */
export const DEMO_PRICE_DROPS: Record<string, number> = {
  'iphone-1': 690,
  'samsung-2': 260,
};

/**
 * Sellers of the past: each sold phones here and has none on show. They sign in with no known
 * password; they are there so that the demo's medians have more than one seller's prices.
 */
export const DEMO_PAST_SELLERS = {
  pastSellerA: { name: 'Karim Gadgets', email: 'karim.gadgets@example.com', phone: '+15550104' },
  pastSellerB: { name: 'Lina Phone Corner', email: 'lina.phones@example.com', phone: '+15550105' },
} as const;

/**
 * The buyer of the demo's past sales: each one is a deal completed here (its hand-over code
 * entered), the only kind of sale a median counts. Nobody signs in as them either.
 */
export const DEMO_PAST_BUYER = {
  name: 'Tanvir Hasan',
  email: 'tanvir.hasan@example.com',
  phone: '+15550106',
} as const;

export interface DemoSale {
  seller: keyof typeof DEMO_PAST_SELLERS;
  /** A demo listing's image: the sale is the same phone (category, name, details, photo). */
  like: string;
  resellPrice: number;
  soldDaysAgo: number;
}

/**
 * Phones sold in the last weeks: with the listing on show they are like, they make 3 comparable
 * listings, so those listings' pages and the product form show a fair-price comparison.
 */
export const DEMO_SALES: DemoSale[] = [
  { seller: 'pastSellerA', like: 'iphone-2', resellPrice: 415, soldDaysAgo: 12 },
  { seller: 'pastSellerB', like: 'iphone-2', resellPrice: 455, soldDaysAgo: 30 },
  { seller: 'pastSellerA', like: 'samsung-2', resellPrice: 215, soldDaysAgo: 20 },
  { seller: 'pastSellerB', like: 'samsung-2', resellPrice: 245, soldDaysAgo: 45 },
];
