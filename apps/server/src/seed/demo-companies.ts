import { COMPANY_STATUS_LABELS, type TCompanyStatus } from '@pennant/shared/companies/schemas';
import type { TTx } from '../db/client';
import { companies, companyContacts, timelineEvents } from '../db/schema/companies';

interface TSeedContact {
  name: string;
  email: string;
  phone: string;
  title: string;
  isActive?: boolean;
}

interface TSeedCompany {
  name: string;
  status: TCompanyStatus;
  industry: string;
  website: string;
  city: string;
  /** Days since the last contact (the latest note); absent means never contacted. */
  lastContactDays?: number;
  notes?: string;
  contacts: TSeedContact[];
  /** Timeline notes, oldest first; the last one is dated lastContactDays ago. */
  timeline?: string[];
}

const c = (name: string, domain: string, phone: string, title: string, isActive = true): TSeedContact => ({
  name,
  email: `${name
    .split(' ')[0]
    ?.toLowerCase()
    .replace(/[^a-z]/g, '')}@${domain}`,
  phone,
  title,
  isActive,
});

/**
 * About forty local businesses across every status: 8 active sponsors (so the free plan's limit
 * of 10 can still be reached in a demo), a busy pipeline and some former ones.
 */
const COMPANIES: TSeedCompany[] = [
  // Active sponsors
  {
    name: 'Hometown Hardware',
    status: 'sponsor',
    industry: 'Retail',
    website: 'https://hometownhardware.example',
    city: 'Riverside',
    lastContactDays: 6,
    notes: 'Outfield banner since 2019.',
    contacts: [c('Dana Miller', 'hometownhardware.example', '(555) 201-3344', 'Owner')],
    timeline: ['Sent the renewal agreement.', 'Renewed the outfield banner for another season.'],
  },
  {
    name: 'Riverside Family Dental',
    status: 'sponsor',
    industry: 'Healthcare',
    website: 'https://riversidedental.example',
    city: 'Riverside',
    lastContactDays: 12,
    contacts: [
      c('Priya Shah', 'riversidedental.example', '(555) 410-7781', 'Practice Owner'),
      c('Ben Ortiz', 'riversidedental.example', '(555) 410-7782', 'Office Manager'),
    ],
    timeline: ['Scoreboard sign installed; photos sent to Priya.'],
  },
  {
    name: 'Eagle Valley Credit Union',
    status: 'sponsor',
    industry: 'Finance',
    website: 'https://eaglevalleycu.example',
    city: 'Eagle Valley',
    lastContactDays: 20,
    notes: 'Wants PA announcements at every home game.',
    contacts: [c('Marcus Lee', 'eaglevalleycu.example', '(555) 220-1100', 'Community Relations')],
    timeline: ['Confirmed PA announcement script.'],
  },
  {
    name: 'Sunrise Bakery',
    status: 'sponsor',
    industry: 'Restaurant',
    website: 'https://sunrisebakery.example',
    city: 'Riverside',
    lastContactDays: 3,
    contacts: [c('Lucia Romano', 'sunrisebakery.example', '(555) 220-4545', 'Owner')],
    timeline: ['Dropping off donuts for the season opener.'],
  },
  {
    name: 'Peak Performance Physical Therapy',
    status: 'sponsor',
    industry: 'Healthcare',
    website: 'https://peakperformancept.example',
    city: 'Lakewood',
    lastContactDays: 45,
    contacts: [
      c('Andre Wallace', 'peakperformancept.example', '(555) 330-9012', 'Clinic Director'),
      c('Megan Cho', 'peakperformancept.example', '(555) 330-9013', 'Marketing', false),
    ],
    timeline: ['Jersey patch artwork approved.'],
  },
  {
    name: 'Gridiron Grill',
    status: 'sponsor',
    industry: 'Restaurant',
    website: 'https://gridirongrill.example',
    city: 'Riverside',
    lastContactDays: 9,
    contacts: [c('Tony Alvarez', 'gridirongrill.example', '(555) 330-7788', 'General Manager')],
    timeline: ['Team dinner night booked for October.'],
  },
  {
    name: 'Lakewood Insurance Agency',
    status: 'sponsor',
    industry: 'Insurance',
    website: 'https://lakewoodinsurance.example',
    city: 'Lakewood',
    lastContactDays: 60,
    contacts: [c('Helen Park', 'lakewoodinsurance.example', '(555) 440-2323', 'Agent')],
    timeline: ['Paid the invoice by check.'],
  },
  {
    name: 'Brightside Orthodontics',
    status: 'sponsor',
    industry: 'Healthcare',
    website: 'https://brightsideortho.example',
    city: 'Eagle Valley',
    lastContactDays: 1,
    contacts: [c('Samir Haddad', 'brightsideortho.example', '(555) 440-5656', 'Orthodontist')],
    timeline: ['Asked about adding a social media post bundle.'],
  },
  // Negotiating
  {
    name: 'Summit Auto Group',
    status: 'negotiating',
    industry: 'Automotive',
    website: 'https://summitauto.example',
    city: 'Lakewood',
    lastContactDays: 2,
    notes: 'Interested in the scoreboard; wants two-season pricing.',
    contacts: [c('Kelly Nguyen', 'summitauto.example', '(555) 332-6060', 'Marketing Director')],
    timeline: ['Intro call went well.', 'Sent a quote for the scoreboard sign.'],
  },
  {
    name: 'Blue Line Pizza',
    status: 'negotiating',
    industry: 'Restaurant',
    website: 'https://bluelinepizza.example',
    city: 'Riverside',
    lastContactDays: 4,
    contacts: [c('Marco Bianchi', 'bluelinepizza.example', '(555) 908-1122', 'Manager')],
    timeline: ['Wants a pizza night fundraiser bundled in.'],
  },
  {
    name: 'Greenway Landscaping',
    status: 'negotiating',
    industry: 'Home Services',
    website: 'https://greenwaylandscaping.example',
    city: 'Eagle Valley',
    lastContactDays: 8,
    contacts: [c('Rosa Jimenez', 'greenwaylandscaping.example', '(555) 550-3434', 'Owner')],
    timeline: ['Reviewing the outfield banner sizes.'],
  },
  {
    name: 'Northstar Realty',
    status: 'negotiating',
    industry: 'Real Estate',
    website: 'https://northstarrealty.example',
    city: 'Lakewood',
    lastContactDays: 15,
    contacts: [
      c('Grant Fischer', 'northstarrealty.example', '(555) 550-8080', 'Broker'),
      c('Ivy Chen', 'northstarrealty.example', '(555) 550-8081', 'Agent'),
    ],
    timeline: ['Counter-offer on the program ad.'],
  },
  {
    name: 'Victory Sporting Goods',
    status: 'negotiating',
    industry: 'Sporting Goods',
    website: 'https://victorysports.example',
    city: 'Riverside',
    lastContactDays: 5,
    contacts: [c('Derek Johnson', 'victorysports.example', '(555) 660-1212', 'Store Manager')],
    timeline: ['Proposed a gear discount for players as part of the deal.'],
  },
  // Contacted
  {
    name: 'Cedar Creek Veterinary',
    status: 'contacted',
    industry: 'Veterinary',
    website: 'https://cedarcreekvet.example',
    city: 'Eagle Valley',
    lastContactDays: 10,
    contacts: [c('Olivia Grant', 'cedarcreekvet.example', '(555) 660-4343', 'Practice Manager')],
    timeline: ['Left a voicemail.'],
  },
  {
    name: 'Main Street Coffee',
    status: 'contacted',
    industry: 'Restaurant',
    website: 'https://mainstreetcoffee.example',
    city: 'Riverside',
    lastContactDays: 18,
    contacts: [c('Nina Patel', 'mainstreetcoffee.example', '(555) 770-2020', 'Owner')],
    timeline: ['Dropped off the sponsorship flyer.'],
  },
  {
    name: 'Precision Auto Repair',
    status: 'contacted',
    industry: 'Automotive',
    website: 'https://precisionautorepair.example',
    city: 'Lakewood',
    lastContactDays: 25,
    contacts: [c('Victor Morales', 'precisionautorepair.example', '(555) 770-5151', 'Owner')],
    timeline: ['Emailed the price sheet.'],
  },
  {
    name: 'Harbor Fitness Club',
    status: 'contacted',
    industry: 'Fitness',
    website: 'https://harborfitness.example',
    city: 'Lakewood',
    lastContactDays: 35,
    contacts: [c('Jasmine Reed', 'harborfitness.example', '(555) 880-3636', 'Membership Director')],
    timeline: ['Met at the chamber of commerce mixer.'],
  },
  {
    name: 'Oak Hill Pharmacy',
    status: 'contacted',
    industry: 'Healthcare',
    website: 'https://oakhillpharmacy.example',
    city: 'Riverside',
    lastContactDays: 90,
    contacts: [c('Walter Brooks', 'oakhillpharmacy.example', '(555) 880-7474', 'Pharmacist')],
    timeline: ['Said to follow up after the holidays.'],
  },
  {
    name: 'Rapid Print Shop',
    status: 'contacted',
    industry: 'Printing',
    website: 'https://rapidprint.example',
    city: 'Eagle Valley',
    lastContactDays: 7,
    contacts: [c('Chloe Adams', 'rapidprint.example', '(555) 990-1515', 'Owner')],
    timeline: ['Could print the programs in exchange for an ad.'],
  },
  {
    name: 'Westside Dance Academy',
    status: 'contacted',
    industry: 'Education',
    website: 'https://westsidedance.example',
    city: 'Lakewood',
    lastContactDays: 14,
    contacts: [c('Sophie Laurent', 'westsidedance.example', '(555) 990-6262', 'Director')],
    timeline: ['Asked for the halftime performance slot details.'],
  },
  // Prospects
  ...(
    [
      ['Evergreen Dental Care', 'Healthcare', 'Lakewood'],
      ['Trailhead Outfitters', 'Sporting Goods', 'Eagle Valley'],
      ['Golden Spoon Diner', 'Restaurant', 'Riverside'],
      ['Keystone Construction', 'Construction', 'Lakewood'],
      ['Bayview Chiropractic', 'Healthcare', 'Eagle Valley'],
      ['Silver Screen Cinema', 'Entertainment', 'Riverside'],
      ['Pinecrest Plumbing', 'Home Services', 'Lakewood'],
      ['Liberty Tax Advisors', 'Finance', 'Riverside'],
      ['Fresh Market Grocers', 'Grocery', 'Eagle Valley'],
      ['Redline Car Wash', 'Automotive', 'Lakewood'],
      ['Starlight Florist', 'Retail', 'Riverside'],
      ['Riverbend Brewing Co', 'Restaurant', 'Eagle Valley'],
    ] as const
  ).map(([name, industry, city], i): TSeedCompany => {
    const domain = `${name.toLowerCase().replace(/[^a-z]/g, '')}.example`;
    return {
      name,
      status: 'prospect',
      industry,
      website: `https://${domain}`,
      city,
      contacts:
        i % 3 === 2 ? [] : [c(i % 2 ? 'Jordan Blake' : 'Taylor Quinn', domain, `(555) 100-${1000 + i}`, 'Owner')],
    };
  }),
  // Former sponsors, declined, blacklisted
  {
    name: 'Maple Street Realty',
    status: 'former_sponsor',
    industry: 'Real Estate',
    website: 'https://maplestreetrealty.example',
    city: 'Riverside',
    lastContactDays: 200,
    contacts: [c('Tom Becker', 'maplestreetrealty.example', '(555) 778-9900', 'Broker')],
    timeline: ['Paused sponsorship this year; check back in the spring.'],
  },
  {
    name: 'Classic Cuts Barbershop',
    status: 'former_sponsor',
    industry: 'Personal Care',
    website: 'https://classiccuts.example',
    city: 'Eagle Valley',
    lastContactDays: 400,
    contacts: [c('Eddie Fox', 'classiccuts.example', '(555) 778-1234', 'Owner')],
    timeline: ['Sponsored the 2023 season dugout sign.'],
  },
  {
    name: 'Horizon Travel',
    status: 'former_sponsor',
    industry: 'Travel',
    website: 'https://horizontravel.example',
    city: 'Lakewood',
    lastContactDays: 300,
    contacts: [c('Grace Kim', 'horizontravel.example', '(555) 778-5678', 'Agency Owner')],
    timeline: ['Closed their local office.'],
  },
  {
    name: 'Titan Gym',
    status: 'declined',
    industry: 'Fitness',
    website: 'https://titangym.example',
    city: 'Riverside',
    lastContactDays: 40,
    contacts: [c('Brock Steele', 'titangym.example', '(555) 121-3434', 'Owner')],
    timeline: ['Budget already committed to the high school.'],
  },
  {
    name: 'Lakeside Bank',
    status: 'declined',
    industry: 'Finance',
    website: 'https://lakesidebank.example',
    city: 'Lakewood',
    lastContactDays: 75,
    contacts: [c('Patricia Gomez', 'lakesidebank.example', '(555) 121-5656', 'Branch Manager')],
    timeline: ['Corporate office handles all sponsorships.'],
  },
  {
    name: 'Quick Lube Express',
    status: 'declined',
    industry: 'Automotive',
    website: 'https://quicklube.example',
    city: 'Eagle Valley',
    lastContactDays: 120,
    contacts: [c('Ray Dalton', 'quicklube.example', '(555) 121-7878', 'Manager')],
    timeline: ['Not interested this year.'],
  },
  {
    name: 'Shady Deals Pawn',
    status: 'blacklisted',
    industry: 'Retail',
    website: 'https://shadydeals.example',
    city: 'Riverside',
    lastContactDays: 500,
    notes: 'Never paid the 2022 invoice. Do not contact.',
    contacts: [c('Vince Grady', 'shadydeals.example', '(555) 131-0000', 'Owner')],
    timeline: ['Invoice sent to collections.'],
  },
  {
    name: 'Vape Cloud Lounge',
    status: 'blacklisted',
    industry: 'Retail',
    website: 'https://vapecloud.example',
    city: 'Lakewood',
    notes: 'Not appropriate for a youth sports sponsor.',
    contacts: [],
  },
];

const DAY_MS = 86_400_000;

export async function seedDemoCompanies(tx: TTx, orgId: string, userId: string): Promise<void> {
  const now = Date.now();
  for (const [index, seed] of COMPANIES.entries()) {
    const createdAt = new Date(now - (400 + index * 7) * DAY_MS);
    const lastContactedAt = seed.lastContactDays === undefined ? null : new Date(now - seed.lastContactDays * DAY_MS);
    const statusUpdatedAt =
      seed.status === 'prospect' ? null : new Date(now - Math.max(1, (seed.lastContactDays ?? 30) + 1) * DAY_MS);
    const [company] = await tx
      .insert(companies)
      .values({
        orgId,
        name: seed.name,
        status: seed.status,
        industry: seed.industry,
        website: seed.website,
        city: seed.city,
        state: 'OR',
        country: 'US',
        notes: seed.notes ?? null,
        createdAt,
        updatedAt: statusUpdatedAt ?? createdAt,
        lastContactedAt,
        statusUpdatedAt,
      })
      .returning({ id: companies.id });
    if (!company) continue;
    const active = seed.contacts.filter((x) => x.isActive !== false);
    if (seed.contacts.length > 0) {
      await tx.insert(companyContacts).values(
        seed.contacts.map((x, i) => ({
          orgId,
          companyId: company.id,
          name: x.name,
          email: x.email,
          phone: x.phone,
          title: x.title,
          isActive: x.isActive !== false,
          isPrimary: x === active[0],
          createdAt: new Date(createdAt.getTime() + i * DAY_MS),
        })),
      );
    }
    const events: (typeof timelineEvents.$inferInsert)[] = [];
    if (statusUpdatedAt) {
      events.push({
        orgId,
        companyId: company.id,
        eventType: 'status_changed',
        description: `Status changed from Prospect to ${COMPANY_STATUS_LABELS[seed.status]}`,
        metadata: { from: 'prospect', to: seed.status },
        createdBy: userId,
        occurredAt: statusUpdatedAt,
      });
    }
    const notes = seed.timeline ?? [];
    notes.forEach((description, i) => {
      // The last note is the last contact; earlier ones a week apart before it.
      const at = (lastContactedAt?.getTime() ?? now) - (notes.length - 1 - i) * 7 * DAY_MS;
      events.push({ orgId, companyId: company.id, description, createdBy: userId, occurredAt: new Date(at) });
    });
    if (events.length > 0) await tx.insert(timelineEvents).values(events);
  }
}
