import { defaultQuoteSubject, estimateTokens, greetingName, VALUED_PARTNER } from '@pennant/shared/ai/rules';
import {
  LOCAL_WRITER_MODEL,
  type TEmailDraft,
  type TEmailDraftRequest,
  type TEmailItem,
  type TEmailKind,
  type TEmailTone,
} from '@pennant/shared/ai/schemas';
import { formatMoney } from '@pennant/shared/money';
import { emailPrompt, longDate, type TAiWriter, tidyDraft, totalOf } from './ai-writer';

/**
 * The built-in writer: composes a specific e-mail from the same facts the model gets (the
 * organization, the company, the contact's first name, the items and total, the tone, the sender,
 * the sender's instructions), one structure per kind, always ending with a call to action. It is
 * deterministic, needs no network and costs nothing; usage is estimated at four characters a
 * token and recorded as the model 'local-writer'.
 */
export function createLocalWriter(): TAiWriter {
  return {
    kind: 'local',
    async draftEmail(_feature, request, config) {
      const draft = composeEmail(request);
      const promptTokens = estimateTokens(config.systemPrompt + emailPrompt(request));
      const completionTokens = estimateTokens(draft.subject + draft.body);
      return {
        ...draft,
        usage: {
          model: LOCAL_WRITER_MODEL,
          promptTokens,
          completionTokens,
          totalTokens: promptTokens + completionTokens,
        },
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The sender's instructions
// ---------------------------------------------------------------------------------------------

/** What the built-in writer understands of the sender's instructions. */
export interface TInstructions {
  /** 'mention / highlight / focus on / include X': one sentence each. */
  focus: { verb: 'mention' | 'highlight'; phrase: string }[];
  /** 'thank them for X'. */
  thanks: string[];
  /** 'remind them that X' / 'remind them about X'. */
  reminders: { joiner: 'that' | 'about'; phrase: string }[];
  /** Plain statements ('We won the league last spring'), written into the e-mail as they are. */
  facts: string[];
  /** 'keep it short', 'be brief': the optional paragraph and sentences are left out. */
  short: boolean;
  /** 'make it formal', 'sound enthusiastic': the tone asked for here wins over the form's. */
  tone: TEmailTone | null;
}

const LEAD = String.raw`^(?:please\s+)?(?:also\s+)?(?:be\s+sure\s+to\s+|make\s+sure\s+to\s+|don'?t\s+forget\s+to\s+)?`;
const FOCUS = new RegExp(
  `${LEAD}(mention|highlight|emphasi[sz]e|stress|focus\\s+on|talk\\s+about|include|point\\s+out|note|bring\\s+up)\\s+(.+)$`,
  'i',
);
const THANK = new RegExp(`${LEAD}thank\\s+(?:them|him|her|you|the\\s+\\w+)?\\s*for\\s+(.+)$`, 'i');
const REMIND = new RegExp(`${LEAD}remind\\s+(?:them|him|her|the\\s+\\w+)\\s+(that|of|about)\\s+(.+)$`, 'i');
const SHORT = /\b(short|shorter|brief|concise|succinct)\b/i;
/** Clauses that tell the writer how to write, never something to say. */
const META =
  /\b(tone|e-?mail|message|subject|sound|write|wording|words|paragraphs?|greeting|sign[- ]?off|formal|casual|friendly|enthusiastic|excited|upbeat|warm|warmer|short|brief|concise|long|length)\b/i;
const IMPERATIVE =
  /^(?:please|keep|make|be|use|write|add|avoid|don'?t|do|never|always|sound|try|start|end|ask|say|tell|remind|thank|mention|include|focus|highlight|emphasi[sz]e|stress|note|point)\b/i;

const TONE_WORDS: [RegExp, TEmailTone][] = [
  [/\bformal\b/i, 'formal'],
  [/\b(enthusiastic|excited|upbeat|energetic)\b/i, 'enthusiastic'],
  [/\b(warm|warmer|heartfelt)\b/i, 'warm'],
  [/\b(casual|friendly|relaxed)\b/i, 'friendly and professional'],
];

/** The sender writes about the recipient in the third person; the e-mail speaks to them. */
function toSecondPerson(phrase: string): string {
  return phrase
    .replace(/\bthey're\b/gi, "you're")
    .replace(/\btheirs\b/gi, 'yours')
    .replace(/\btheir\b/gi, 'your')
    .replace(/\bthem\b/gi, 'you')
    .replace(/\bthey\b/gi, 'you');
}

const clean = (phrase: string) => phrase.trim().replace(/[\s.!?,;:]+$/, '');

/** Splits the sender's instructions into clauses and reads each one; anything else is left out. */
export function readInstructions(text: string | null): TInstructions {
  const out: TInstructions = { focus: [], thanks: [], reminders: [], facts: [], short: false, tone: null };
  if (!text) return out;
  const clauses = text
    .split(
      /[\n;]+|(?<=[.!?])\s+|,?\s+and\s+(?=(?:please\s+)?(?:also\s+)?(?:mention|highlight|emphasi[sz]e|stress|focus|talk|include|point|note|bring|remind|thank|keep|make|be)\b)/i,
    )
    .map(clean)
    .filter(Boolean);
  for (const clause of clauses) {
    const thank = THANK.exec(clause);
    const remind = REMIND.exec(clause);
    const focus = FOCUS.exec(clause);
    if (thank?.[1]) {
      out.thanks.push(toSecondPerson(clean(thank[1])));
    } else if (remind?.[1] && remind[2]) {
      out.reminders.push({ joiner: remind[1].toLowerCase() === 'that' ? 'that' : 'about', phrase: clean(remind[2]) });
    } else if (focus?.[1] && focus[2]) {
      const verb = /^(highlight|emphasi[sz]e|stress)$/i.test(focus[1]) ? 'highlight' : 'mention';
      out.focus.push({ verb, phrase: toSecondPerson(clean(focus[2])) });
    } else if (!IMPERATIVE.test(clause) && !META.test(clause) && clause.split(/\s+/).length >= 3) {
      out.facts.push(clause);
    }
    if (SHORT.test(clause) && IMPERATIVE.test(clause)) out.short = true;
    for (const [pattern, tone] of TONE_WORDS) {
      if (IMPERATIVE.test(clause) && pattern.test(clause)) {
        out.tone = tone;
        break;
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The voice
// ---------------------------------------------------------------------------------------------

interface TVoice {
  tone: TEmailTone;
  greeting(name: string): string;
  signOff: string;
  /** '!' where an enthusiastic e-mail would say it, else '.'. */
  bang: string;
}

function voiceOf(tone: TEmailTone): TVoice {
  const dear = (name: string) => `Dear ${name},`;
  switch (tone) {
    case 'formal':
      return { tone, greeting: dear, signOff: 'Sincerely,', bang: '.' };
    case 'warm':
      return { tone, greeting: (n) => (n === VALUED_PARTNER ? dear(n) : `Hi ${n},`), signOff: 'Warmly,', bang: '.' };
    case 'enthusiastic':
      return { tone, greeting: (n) => (n === VALUED_PARTNER ? dear(n) : `Hi ${n}!`), signOff: 'Cheers,', bang: '!' };
    default:
      return {
        tone,
        greeting: (n) => (n === VALUED_PARTNER ? dear(n) : `Hi ${n},`),
        signOff: 'Best regards,',
        bang: '.',
      };
  }
}

const CONTRACTIONS: [RegExp, string][] = [
  [/\bI'd\b/g, 'I would'],
  [/\bI've\b/g, 'I have'],
  [/\bI'm\b/g, 'I am'],
  [/\bI'll\b/g, 'I will'],
  [/\bwe'll\b/g, 'we will'],
  [/\bWe'll\b/g, 'We will'],
  [/\bwe're\b/g, 'we are'],
  [/\bWe're\b/g, 'We are'],
  [/\byou're\b/g, 'you are'],
  [/\byou'd\b/g, 'you would'],
  [/\bit's\b/g, 'it is'],
  [/\bIt's\b/g, 'It is'],
  [/\bdon't\b/g, 'do not'],
  [/\bcan't\b/g, 'cannot'],
  [/\blet's\b/g, 'let us'],
];

/** A formal e-mail spells contractions out. */
function spellOut(text: string, voice: TVoice): string {
  if (voice.tone !== 'formal') return text;
  return CONTRACTIONS.reduce((t, [pattern, full]) => t.replace(pattern, full), text);
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "Joe's Pizza's", "Smiths'": the possessive of a name. */
export const possessive = (name: string) => (/s$/i.test(name) ? `${name}'` : `${name}'s`);

// ---------------------------------------------------------------------------------------------
// The e-mail
// ---------------------------------------------------------------------------------------------

interface TFacts {
  request: TEmailDraftRequest;
  voice: TVoice;
  org: string;
  /** The recipient's company, or a stand-in that reads well in the same sentence. */
  company: string;
  hasCompany: boolean;
  total: number | null;
  money(cents: number): string;
  due: string | null;
  asks: TInstructions;
}

/** Whole dollars when every amount is whole (a proposal reads '$500'); an invoice always shows cents. */
function moneyFormat(request: TEmailDraftRequest, total: number | null): (cents: number) => string {
  const amounts = [...request.items.map((i) => i.cents), total ?? 0];
  const whole = request.kind !== 'invoice' && amounts.every((c) => c % 100 === 0);
  return (cents) => formatMoney(cents, whole);
}

const MAX_LISTED = 8;

/** '- Outfield Banner × 2 ($500 each): $1,000', one line per item, the rest counted. */
function itemLines(f: TFacts, unitPrices = false, max = MAX_LISTED): string[] {
  const lines = f.request.items.slice(0, max).map((item: TEmailItem) => {
    if (unitPrices || item.qty === 1)
      return `- ${item.name}: ${f.money(unitPrices ? item.cents : item.qty * item.cents)}`;
    return `- ${item.name} × ${item.qty} (${f.money(item.cents)} each): ${f.money(item.qty * item.cents)}`;
  });
  const more = f.request.items.length - max;
  if (more > 0) lines.push(`- and ${more} more ${more === 1 ? 'item' : 'items'}`);
  return lines;
}

/** The paragraph of what the sender asked to be said, or nothing. */
function instructionsParagraph(f: TFacts): string | null {
  const sentences: string[] = [];
  for (const thanks of f.asks.thanks) sentences.push(`Thank you for ${thanks}${f.voice.bang}`);
  f.asks.focus.forEach(({ verb, phrase }, i) => {
    sentences.push(`${i === 0 ? "I'd especially like to" : "I'd also like to"} ${verb} ${phrase}.`);
  });
  for (const fact of f.asks.facts) sentences.push(`${capitalize(fact)}.`);
  for (const { joiner, phrase } of f.asks.reminders) sentences.push(`Just a reminder ${joiner} ${phrase}.`);
  return sentences.length ? sentences.join(' ') : null;
}

type TParagraphs = (string | null | false)[];

function quote(f: TFacts): { subject: string; paragraphs: TParagraphs } {
  const { org, company, voice } = f;
  const openers: Record<TEmailTone, string> = {
    'friendly and professional': `Thank you for considering a sponsorship with ${org}. Local businesses like ${company} are what keep our season going, so I've put together a proposal for you.`,
    warm: `Thank you so much for considering a sponsorship with ${org}. Support from neighbors like ${company} means a great deal to our players and their families, and I've put together a proposal with you in mind.`,
    enthusiastic: `Thank you for considering a sponsorship with ${org}! Businesses like ${company} make our season possible, and I'm excited to share the proposal I've put together for you.`,
    formal: `Thank you for considering a sponsorship with ${org}. Support from local businesses such as ${company} makes our season possible, and I am pleased to share our proposal.`,
  };
  const items = f.request.items.length
    ? [
        'Here is what the proposal includes:',
        ...itemLines(f),
        ...(f.total !== null ? [`Total: ${f.money(f.total)}`] : []),
      ].join('\n')
    : f.total !== null && `The proposal comes to ${f.money(f.total)}.`;
  const attached = f.request.documentAttached ? 'The full proposal is attached. ' : '';
  return {
    subject: defaultQuoteSubject(org),
    paragraphs: [
      openers[voice.tone],
      items,
      instructionsParagraph(f),
      !f.asks.short &&
        `Your sponsorship puts ${company} in front of our players, families and fans all season, and every dollar goes back into our program.`,
      `${attached}Could you reply to let me know whether it works for ${company}, or suggest a time for a quick call?` +
        (f.asks.short
          ? ''
          : " I'm happy to adjust the package to fit your goals, and the prices are held for 30 days."),
    ],
  };
}

function invoice(f: TFacts): { subject: string; paragraphs: TParagraphs } {
  const { org, company, voice, due } = f;
  const amount = f.total !== null ? f.money(f.total) : null;
  const subject = `Invoice from ${org}${amount ? `: ${amount}` : ''}${due ? ` due ${due}` : ''}`;
  const openers: Record<TEmailTone, string> = {
    'friendly and professional': `Thank you for sponsoring ${org} this season.`,
    warm: `Thank you so much for sponsoring ${org} this season; your support means a great deal to our players and families.`,
    enthusiastic: `Thank you for sponsoring ${org} this season! We're so glad to have ${company} on our team.`,
    formal: `Thank you for sponsoring ${org} this season.`,
  };
  const sending = f.request.documentAttached
    ? `Attached is the invoice for ${possessive(company)} sponsorship.`
    : `Here are the details of ${possessive(company)} invoice.`;
  const dueLine = amount ? `Amount due: ${amount}${due ? `, by ${due}` : ''}` : due ? `Due date: ${due}` : null;
  const details = [...itemLines(f), ...(dueLine ? [dueLine] : [])].join('\n');
  const by = due ? ` by ${due}` : '';
  let pay: string;
  if (f.request.documentAttached) {
    pay = `Please arrange payment${by}; the payment details are on the invoice.`;
    if (!f.asks.short)
      pay += ' If anything looks wrong, or you need a W-9 or a different billing contact, just reply to this e-mail.';
  } else if (f.asks.short) {
    pay = `Please arrange payment${by}, and reply to this e-mail if you need the payment details.`;
  } else {
    pay = `Please arrange payment${by}. Just reply to this e-mail if you need the payment details, a W-9 or a different billing contact, or if anything looks wrong.`;
  }
  return {
    subject,
    paragraphs: [`${openers[voice.tone]} ${sending}`, details || null, instructionsParagraph(f), pay],
  };
}

function agreement(f: TFacts): { subject: string; paragraphs: TParagraphs } {
  const { org, company, voice } = f;
  const openers: Record<TEmailTone, string> = {
    'friendly and professional': `Thank you for choosing to sponsor ${org}.`,
    warm: `Thank you so much for choosing to sponsor ${org}; we're grateful to have ${company} with us.`,
    enthusiastic: `Thank you for choosing to sponsor ${org}! We're thrilled to have ${company} on board.`,
    formal: `Thank you for choosing to sponsor ${org}.`,
  };
  const what = f.request.documentAttached
    ? `Attached is the sponsorship agreement for ${company}`
    : `The sponsorship agreement for ${company} is ready`;
  const covering = f.request.items.length
    ? [`${what}, covering:`, ...itemLines(f), ...(f.total !== null ? [`Total value: ${f.money(f.total)}`] : [])].join(
        '\n',
      )
    : `${what}${f.total !== null ? `, with a total value of ${f.money(f.total)}` : ''}.`;
  return {
    subject: `Your sponsorship agreement with ${org}`,
    paragraphs: [
      openers[voice.tone],
      covering,
      instructionsParagraph(f),
      `Please review the agreement, sign it and send it back by replying to this e-mail. Once we have it, we'll get everything ready for the season.` +
        (f.asks.short ? '' : " If you'd like anything changed, let me know and I'll update it."),
    ],
  };
}

function prospect(f: TFacts): { subject: string; paragraphs: TParagraphs } {
  const { org, company, voice } = f;
  const campaign = f.request.campaignName;
  const openers: Record<TEmailTone, string> = {
    'friendly and professional': `I'm reaching out on behalf of ${org}, our volunteer-run booster club. Local businesses like ${company} make our season possible, and I'd love for you to be part of it.`,
    warm: `I'm writing on behalf of ${org}, our volunteer-run booster club. Neighbors like ${company} are the heart of our season, and we'd be so glad to have you with us.`,
    enthusiastic: `I'm reaching out on behalf of ${org}, our volunteer-run booster club, with a great way for ${company} to reach local families this season!`,
    formal: `I am writing on behalf of ${org}, our volunteer-run booster club, to invite ${company} to become a sponsor this season.`,
  };
  const cheapest = f.request.items.length ? Math.min(...f.request.items.map((i) => i.cents)) : null;
  const sheet = f.request.documentAttached ? 'Our price sheet is attached with every option; ' : '';
  const options = f.request.items.length
    ? [
        `${sheet}${sheet ? 'a' : 'A'} few of the ways ${company} could be seen by our families and fans:`,
        ...itemLines(f, true, 5),
        ...(cheapest !== null && f.request.items.length > 1 ? [`Options start at ${f.money(cheapest)}.`] : []),
      ].join('\n')
    : f.request.documentAttached && "I've attached our price sheet with every sponsorship option.";
  const seed = f.request.bodySeed?.trim();
  return {
    subject: f.request.subjectSeed
      ? `${f.request.subjectSeed.trim()} for ${company}`
      : campaign
        ? `${campaign} - Sponsorship Opportunities`
        : `Sponsorship opportunities with ${org}`,
    paragraphs: [
      openers[voice.tone],
      seed || null,
      options,
      instructionsParagraph(f),
      !f.asks.short &&
        `A sponsorship puts ${possessive(company)} name in front of the families who cheer at every game, and every dollar goes straight back to our players.`,
      `Would you have 15 minutes this week or next for a quick call? Or simply reply with the option that interests you, and I'll send a proposal${voice.bang}`,
    ],
  };
}

function fundraising(f: TFacts): { subject: string; paragraphs: TParagraphs } {
  const { org, voice } = f;
  const campaign = f.request.campaignName;
  const purpose = campaign ? ` for ${campaign}` : ' for our season';
  const who = f.hasCompany ? `you and everyone at ${f.company}` : 'you';
  const openers: Record<TEmailTone, string> = {
    'friendly and professional': `${org} is raising funds${purpose}, and I'm hoping ${who} can help.`,
    warm: `${org} is raising funds${purpose}, and I wanted to reach out personally in the hope that ${who} can help.`,
    enthusiastic: `${org} is raising funds${purpose}, and we'd love for ${who} to be part of it!`,
    formal: `${org} is raising funds${purpose}, and I am writing to ask whether ${who} might contribute.`,
  };
  const goal = f.total !== null ? `Our goal is ${f.money(f.total)}.` : null;
  const uses = f.request.items.length
    ? [`${goal ? `${goal} ` : ''}Here is what your gift makes possible:`, ...itemLines(f)].join('\n')
    : goal;
  return {
    subject: campaign ? `Support ${org}: ${campaign}` : `Help support ${org} this season`,
    paragraphs: [
      openers[voice.tone],
      uses,
      instructionsParagraph(f),
      !f.asks.short && 'Every gift goes straight to our players, and every amount helps, whatever its size.',
      `Would you consider a gift this week? ${voice.bang === '!' ? 'Thank you for cheering us on!' : 'Thank you for thinking of our players.'}`,
    ],
  };
}

const KINDS: Record<TEmailKind, (f: TFacts) => { subject: string; paragraphs: TParagraphs }> = {
  quote,
  invoice,
  agreement,
  prospect,
  fundraising,
};

/** The built-in writer's e-mail for a request: subject, and a plain-text body ready for <br>. */
export function composeEmail(request: TEmailDraftRequest): TEmailDraft {
  const asks = readInstructions(request.customInstructions);
  const voice = voiceOf(asks.tone ?? request.tone);
  const total = totalOf(request);
  const facts: TFacts = {
    request,
    voice,
    org: request.organizationName,
    company: request.companyName ?? 'your business',
    hasCompany: request.companyName !== null,
    total,
    money: moneyFormat(request, total),
    due: request.dueDate ? longDate(request.dueDate) : null,
    asks,
  };
  const { subject, paragraphs } = KINDS[request.kind](facts);
  const signature = [voice.signOff, request.sender.name, request.organizationName, request.sender.email].join('\n');
  const body = [
    voice.greeting(greetingName(request.contactFirstName)),
    ...paragraphs.filter((p): p is string => typeof p === 'string' && p.length > 0),
    signature,
  ]
    .map((p) => spellOut(p, voice))
    .join('\n\n');
  return tidyDraft(subject, body);
}
