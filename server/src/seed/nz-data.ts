import { DIVISION_CODES, type DivisionCode } from '@promo/domain/types';
import { REGIONS } from './demo-logins';

export type Region = (typeof REGIONS)[number];

interface RegionInfo {
  code: string;
  /** Landline area code. */
  area: string;
  /** Share of the generated accounts. */
  weight: number;
  towns: string[];
  /** Divisions with a branch in the region, in branch-number order. */
  divisions: DivisionCode[];
  postcodes: [number, number];
}

const ALL: DivisionCode[] = [...DIVISION_CODES];

export const REGION_INFO: Record<Region, RegionInfo> = {
  Northland: {
    code: 'NTH',
    area: '09',
    weight: 4,
    towns: ['Whangārei', 'Kerikeri', 'Dargaville'],
    divisions: ['A', 'B', 'N', 'D'],
    postcodes: [110, 478],
  },
  Auckland: {
    code: 'AKL',
    area: '09',
    weight: 30,
    towns: ['Penrose', 'East Tāmaki', 'Albany', 'Henderson', 'Manukau', 'Onehunga', 'Mt Wellington'],
    divisions: [...ALL, 'A', 'B', 'T'],
    postcodes: [600, 2699],
  },
  Waikato: {
    code: 'WKO',
    area: '07',
    weight: 10,
    towns: ['Hamilton', 'Te Rapa', 'Cambridge', 'Te Awamutu', 'Thames'],
    divisions: [...ALL, 'A'],
    postcodes: [3200, 3500],
  },
  'Bay of Plenty': {
    code: 'BOP',
    area: '07',
    weight: 8,
    towns: ['Tauranga', 'Mount Maunganui', 'Rotorua', 'Whakatāne'],
    divisions: ['A', 'B', 'T', 'D', 'N'],
    postcodes: [3010, 3199],
  },
  "Hawke's Bay": {
    code: 'HKB',
    area: '06',
    weight: 4,
    towns: ['Napier', 'Hastings', 'Onekawa'],
    divisions: ['A', 'B', 'T', 'N', 'P'],
    postcodes: [4104, 4183],
  },
  Taranaki: {
    code: 'TKI',
    area: '06',
    weight: 3,
    towns: ['New Plymouth', 'Hāwera', 'Stratford'],
    divisions: ['A', 'B', 'D', 'N'],
    postcodes: [4310, 4390],
  },
  'Manawatū-Whanganui': {
    code: 'MWT',
    area: '06',
    weight: 5,
    towns: ['Palmerston North', 'Whanganui', 'Feilding', 'Levin'],
    divisions: ['A', 'B', 'T', '2', 'D'],
    postcodes: [4410, 5510],
  },
  Wellington: {
    code: 'WLG',
    area: '04',
    weight: 11,
    towns: ['Seaview', 'Petone', 'Porirua', 'Upper Hutt', 'Ngauranga'],
    divisions: [...ALL, 'B'],
    postcodes: [5010, 6972],
  },
  'Nelson Tasman': {
    code: 'NSN',
    area: '03',
    weight: 3,
    towns: ['Nelson', 'Richmond', 'Motueka'],
    divisions: ['A', 'B', 'N', 'T'],
    postcodes: [7010, 7198],
  },
  Canterbury: {
    code: 'CAN',
    area: '03',
    weight: 13,
    towns: ['Christchurch', 'Hornby', 'Sockburn', 'Rangiora', 'Ashburton', 'Timaru'],
    divisions: [...ALL, 'A', 'T'],
    postcodes: [7600, 8083],
  },
  Otago: {
    code: 'OTA',
    area: '03',
    weight: 6,
    towns: ['Dunedin', 'Mosgiel', 'Queenstown', 'Alexandra'],
    divisions: ['A', 'B', 'T', '2', 'N'],
    postcodes: [9010, 9387],
  },
  Southland: {
    code: 'STL',
    area: '03',
    weight: 3,
    towns: ['Invercargill', 'Gore', 'Te Anau'],
    divisions: ['A', 'B', 'D', 'T'],
    postcodes: [9810, 9893],
  },
};

/** Prefix of each division's own account numbers, e.g. ATL10234 for Autolign. */
export const DIVISION_ACCOUNT_PREFIX: Record<DivisionCode, string> = {
  A: 'ATL',
  B: 'BNT',
  T: 'TTP',
  '2': 'HCB',
  P: 'PRE',
  D: 'DDL',
  N: 'NZB',
};

export const FIRST_NAMES = [
  'Aroha',
  'Tama',
  'Wiremu',
  'Mere',
  'Hemi',
  'Ngaire',
  'Rangi',
  'Anahera',
  'Manaia',
  'Kiri',
  'James',
  'Oliver',
  'Jack',
  'William',
  'Noah',
  'Charlotte',
  'Isla',
  'Olivia',
  'Amelia',
  'Mia',
  'Sione',
  'Losa',
  'Tevita',
  'Priya',
  'Raj',
  'Wei',
  'Mei',
  'Daniel',
  'Sophie',
  'Liam',
  'Grace',
  'Hamish',
  'Fergus',
  'Brooke',
  'Shane',
  'Craig',
  'Kirsty',
  'Leanne',
  'Brent',
  'Tui',
];

export const SURNAMES = [
  'Ngata',
  'Walker',
  'Parata',
  'Tipene',
  'Smith',
  'Wilson',
  'Thompson',
  'Brown',
  'Taylor',
  'Williams',
  'Te Whata',
  'Henare',
  'Rāwiri',
  'Patel',
  'Singh',
  'Chen',
  'Li',
  'Fifita',
  'Tuilagi',
  'Campbell',
  'Stewart',
  'Robertson',
  'McKenzie',
  'Anderson',
  'Clarke',
  'Harris',
  'Young',
  'King',
  'Mitchell',
  'Reid',
  'Turei',
  'Kingi',
  'Paki',
  'Morgan',
  'Cooper',
  'Bell',
  'Murray',
  'Fraser',
  'Gray',
  'Scott',
];

/** Used in business names ("Tōtara Automotive"): native trees, birds and landmarks. */
export const PLACE_WORDS = [
  'Kahikatea',
  'Tōtara',
  'Rimu',
  'Kauri',
  'Pōhutukawa',
  'Kōwhai',
  'Mānuka',
  'Tūī',
  'Kea',
  'Pūkeko',
  'Harbourside',
  'Southern Cross',
  'Summit',
  'Coastal',
  'Ranges',
  'Riverbank',
  'Hilltop',
  'Lakeside',
  'Taiaroa',
  'Matai',
];

export const BUSINESS_PATTERNS: readonly ((word: string, surname: string, town: string) => string)[] = [
  (_w, surname) => `${surname} Motors`,
  (_w, _s, town) => `${town} Auto Electrical`,
  (_w, surname) => `${surname} & Sons Mechanical`,
  (_w, _s, town) => `${town} Diesel Services`,
  (word) => `${word} Automotive`,
  (_w, _s, town) => `${town} Truck Repairs`,
  (_w, surname) => `${surname} Panel & Paint`,
  (_w, _s, town) => `${town} Tyre & Auto`,
  (word) => `${word} Fleet Services`,
  (word) => `${word} Engineering`,
  (_w, surname) => `${surname} Brake & Clutch`,
  (word) => `Kiwi ${word} Garage`,
  (_w, _s, town) => `${town} Hydraulics`,
  (word, surname) => `${word} ${surname} Contracting`,
];

export const STREETS = [
  'Great South Road',
  'Main Street',
  'Station Road',
  'Industrial Way',
  'Kahikatea Drive',
  'Te Rapa Road',
  'Hutt Road',
  'Moorhouse Avenue',
  'Kaikorai Valley Road',
  'Cameron Road',
  'Gloucester Street',
  'Devon Street',
  'Taradale Road',
  'Rangitikei Street',
  'Tay Street',
  'Queen Street',
  'Bush Road',
  'Springs Road',
];

export const POSITIONS = [
  'Owner',
  'Director',
  'Workshop Manager',
  'Service Manager',
  'Parts Manager',
  'Office Manager',
  'Fleet Manager',
];

/** Lowercase ASCII for e-mail addresses and slugs (macrons dropped). */
export function asciiSlug(text: string, separator = ''): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((part) => part !== '')
    .join(separator);
}
