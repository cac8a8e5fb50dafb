import type { TTx } from '../db/client';
import { companies, companyContacts, timelineEvents } from '../db/schema/companies';

interface TSeedCompany {
  name: string;
  status: string;
  industry: string;
  website: string;
  contact: { name: string; email: string; phone: string; title: string };
  note?: string;
}

const COMPANIES: TSeedCompany[] = [
  {
    name: 'Hometown Hardware',
    status: 'sponsor',
    industry: 'Retail',
    website: 'https://hometownhardware.example',
    contact: { name: 'Dana Miller', email: 'dana@hometownhardware.example', phone: '(555) 201-3344', title: 'Owner' },
    note: 'Renewed the outfield banner for another season.',
  },
  {
    name: 'Riverside Family Dental',
    status: 'negotiating',
    industry: 'Healthcare',
    website: 'https://riversidedental.example',
    contact: {
      name: 'Dr. Priya Shah',
      email: 'priya@riversidedental.example',
      phone: '(555) 410-7781',
      title: 'Practice Owner',
    },
    note: 'Interested in the scoreboard sign; wants pricing for two seasons.',
  },
  {
    name: 'Blue Line Pizza',
    status: 'contacted',
    industry: 'Restaurant',
    website: 'https://bluelinepizza.example',
    contact: { name: 'Marco Bianchi', email: 'marco@bluelinepizza.example', phone: '(555) 908-1122', title: 'Manager' },
  },
  {
    name: 'Summit Auto Group',
    status: 'prospect',
    industry: 'Automotive',
    website: 'https://summitauto.example',
    contact: {
      name: 'Kelly Nguyen',
      email: 'kelly@summitauto.example',
      phone: '(555) 332-6060',
      title: 'Marketing Director',
    },
  },
  {
    name: 'Maple Street Realty',
    status: 'former_sponsor',
    industry: 'Real Estate',
    website: 'https://maplestreetrealty.example',
    contact: { name: 'Tom Becker', email: 'tom@maplestreetrealty.example', phone: '(555) 778-9900', title: 'Broker' },
    note: 'Paused sponsorship this year; check back in the spring.',
  },
];

export async function seedDemoCompanies(tx: TTx, orgId: string, userId: string): Promise<void> {
  const now = new Date();
  for (const c of COMPANIES) {
    const [company] = await tx
      .insert(companies)
      .values({
        orgId,
        name: c.name,
        status: c.status,
        industry: c.industry,
        website: c.website,
        country: 'US',
        statusUpdatedAt: c.status === 'prospect' ? null : now,
        lastContactedAt: c.status === 'prospect' ? null : new Date(now.getTime() - 6 * 86_400_000),
      })
      .returning({ id: companies.id });
    if (!company) continue;
    await tx.insert(companyContacts).values({ orgId, companyId: company.id, ...c.contact, isPrimary: true });
    if (c.note) {
      await tx.insert(timelineEvents).values({ orgId, companyId: company.id, description: c.note, createdBy: userId });
    }
  }
}
