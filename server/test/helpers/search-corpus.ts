// The packages the search tests publish (docs/browsing.md, "Search"): skills written for the test,
// each with its own name, description, SKILL.md, tools and the property names of their input and
// output schemas, and some with permissions; built as real archives by buildPackage.
import type { Permissions } from '@pkg/shared';
import { buildPackage } from './packages.js';
import type { PackResult } from '@pkg/shared';

export interface CorpusTool {
  name: string;
  description: string;
  input: string[];
  output: string[];
}

export interface CorpusPackage {
  namespace: string;
  name: string;
  version?: string;
  description: string;
  /** The body of SKILL.md, after its front matter and heading. */
  skill: string;
  tools: CorpusTool[];
  permissions?: Partial<{ write: string[]; network: string[]; env: string[] }>;
}

function schema(title: string, props: string[]): string {
  const properties = Object.fromEntries(props.map((p) => [p, { type: 'string' }]));
  return JSON.stringify({ type: 'object', title, properties, required: props.slice(0, 1) }, null, 2);
}

export function corpusFiles(pkg: CorpusPackage): Record<string, string> {
  const permissions: Permissions = {
    fs: { read: [], write: pkg.permissions?.write ?? [] },
    network: pkg.permissions?.network ?? [],
    env: pkg.permissions?.env ?? [],
  };
  const manifest = {
    specVersion: 1,
    namespace: pkg.namespace,
    name: pkg.name,
    version: pkg.version ?? '1.0.0',
    description: pkg.description,
    permissions,
    tools: pkg.tools.map((t) => ({
      name: t.name,
      description: t.description,
      entry: `tools/${t.name}.js`,
      inputSchema: `schemas/${t.name}.input.json`,
      outputSchema: `schemas/${t.name}.output.json`,
    })),
  };
  const files: Record<string, string> = {
    'manifest.json': JSON.stringify(manifest, null, 2),
    'SKILL.md': `---\nname: ${pkg.name}\ndescription: ${JSON.stringify(pkg.description)}\n---\n\n# ${pkg.name}\n\n${pkg.skill}\n`,
  };
  for (const t of pkg.tools) {
    files[`tools/${t.name}.js`] = `export default async function run(input) {\n  return input;\n}\n`;
    files[`schemas/${t.name}.input.json`] = schema(`${t.name} input`, t.input);
    files[`schemas/${t.name}.output.json`] = schema(`${t.name} output`, t.output);
  }
  return files;
}

export function buildCorpusPackage(pkg: CorpusPackage): Promise<PackResult> {
  return buildPackage({
    namespace: pkg.namespace,
    name: pkg.name,
    version: pkg.version ?? '1.0.0',
    description: pkg.description,
    files: corpusFiles(pkg),
  });
}

const tool = (name: string, description: string, input: string[], output: string[]): CorpusTool => ({
  name,
  description,
  input,
  output,
});

/** 50 and more packages; the tests name the ones each query must find first. */
export const SEARCH_CORPUS: CorpusPackage[] = [
  {
    namespace: 'geo',
    name: 'weather',
    description: 'Current conditions and forecasts for a place.',
    skill: 'Use it when someone asks whether to take an umbrella.',
    tools: [tool('current', 'Reports the conditions right now.', ['place'], ['temperature', 'sky'])],
    permissions: { network: ['api.weather.test'] },
  },
  {
    namespace: 'acme',
    name: 'weather',
    description: 'A second weather skill, of acme.',
    skill: 'Reads the conditions from the station of acme.',
    tools: [tool('station', 'Reads the station.', ['station'], ['reading'])],
  },
  {
    namespace: 'meteo',
    name: 'outlook',
    description: 'Daily outlook for the coming days.',
    skill: 'Gives the outlook day by day.',
    tools: [tool('daily', 'Gives the outlook day by day.', ['city', 'days'], ['forecast', 'unit'])],
  },
  {
    namespace: 'geo',
    name: 'geocode',
    description: 'Turns an address into coordinates.',
    skill: 'Give it a street address.',
    tools: [tool('lookup', 'Finds the coordinates of an address.', ['address'], ['latitude', 'longitude'])],
    permissions: { network: ['geocode.test'] },
  },
  {
    namespace: 'geo',
    name: 'distance',
    description: 'Great-circle distance between two points.',
    skill: 'Computes kilometres between two coordinates.',
    tools: [tool('between', 'Kilometres between two points.', ['from', 'to'], ['kilometres'])],
  },
  {
    namespace: 'time',
    name: 'calendar',
    description: 'Books meetings and lists free slots.',
    skill: 'Use it to plan meetings.',
    tools: [tool('book', 'Books a meeting.', ['attendees', 'start'], ['booking'])],
    permissions: { write: ['data/calendar'] },
  },
  {
    namespace: 'time',
    name: 'timezone',
    description: 'Converts clock times between zones.',
    skill: 'Knows the rules of daylight saving time.',
    tools: [tool('convert', 'Converts a time to another zone.', ['time', 'zone'], ['converted'])],
  },
  {
    namespace: 'time',
    name: 'stopwatch',
    description: 'Measures elapsed time.',
    skill: 'Start, stop and read laps.',
    tools: [tool('lap', 'Records a lap.', ['label'], ['elapsed'])],
  },
  {
    namespace: 'docs',
    name: 'pdf-merge',
    description: 'Joins documents into one file.',
    skill: 'Give it the files in order.',
    tools: [tool('merge', 'Joins the files.', ['files'], ['merged'])],
    permissions: { write: ['out'] },
  },
  {
    namespace: 'docs',
    name: 'ocr',
    description: 'Reads the text of scanned PDF pages.',
    skill: 'Works on scans and photos of pages.',
    tools: [tool('read', 'Reads the text of a page.', ['page'], ['text'])],
  },
  {
    namespace: 'docs',
    name: 'markdown',
    description: 'Renders Markdown to HTML.',
    skill: 'Supports tables and footnotes.',
    tools: [tool('render', 'Renders Markdown.', ['markdown'], ['html'])],
  },
  {
    namespace: 'finance',
    name: 'ledger',
    description: 'Tracks invoices and payments.',
    skill: 'Keeps a double-entry book.',
    tools: [tool('record', 'Records an entry.', ['account', 'amount'], ['balance'])],
    permissions: { write: ['ledger'], env: ['LEDGER_KEY'] },
  },
  {
    namespace: 'finance',
    name: 'fx',
    description: 'Exchange rates between moneys.',
    skill: 'Rates of the central banks, daily.',
    tools: [tool('convert', 'Converts an amount.', ['amount', 'currency', 'target'], ['converted'])],
    permissions: { network: ['rates.test'] },
  },
  {
    namespace: 'finance',
    name: 'quotes',
    description: 'Last trades of listed shares.',
    skill: 'Delayed by fifteen minutes.',
    tools: [tool('quote', 'The last trade of a share.', ['symbol'], ['price', 'volume'])],
    permissions: { network: ['quotes.test'], env: ['QUOTES_TOKEN'] },
  },
  {
    namespace: 'finance',
    name: 'loan',
    description: 'Monthly payments of a loan.',
    skill: 'Annuity formula.',
    tools: [tool('monthly', 'Monthly payment.', ['principal', 'rate', 'months'], ['payment'])],
  },
  {
    namespace: 'books',
    name: 'catalog',
    description: 'Finds books in a library.',
    skill: 'Search by title or author.',
    tools: [tool('find', 'Finds a book.', ['isbn', 'title'], ['author', 'year'])],
  },
  {
    namespace: 'books',
    name: 'citations',
    description: 'Formats references.',
    skill: 'Chicago and APA styles.',
    tools: [tool('format', 'Formats a reference.', ['reference', 'style'], ['formatted'])],
  },
  {
    namespace: 'lang',
    name: 'polyglot',
    description: 'Between languages.',
    skill: 'Covers forty languages.',
    tools: [tool('translate', 'Puts text into another language.', ['text', 'language'], ['translation'])],
    permissions: { network: ['mt.test'] },
  },
  {
    namespace: 'lang',
    name: 'spellcheck',
    description: 'Finds misspelt words.',
    skill: 'Suggests corrections.',
    tools: [tool('check', 'Checks the spelling.', ['text'], ['mistakes'])],
  },
  {
    namespace: 'lang',
    name: 'hyphenate',
    description: 'Splits words into syllables.',
    skill: 'Liang patterns.',
    tools: [tool('split', 'Splits a word.', ['word'], ['syllables'])],
  },
  {
    namespace: 'poetry',
    name: 'verse',
    description: 'Writes short poems.',
    skill: 'Knows the haiku, the limerick and the sonnet.',
    tools: [tool('compose', 'Composes a poem.', ['theme'], ['poem'])],
  },
  {
    namespace: 'textkit',
    name: 'sentiment',
    description: 'Scores the mood of a text.',
    skill: 'From very negative to very positive.',
    tools: [tool('score', 'Scores a text.', ['text'], ['score'])],
  },
  {
    namespace: 'textkit',
    name: 'review-miner',
    description: 'Digs through product reviews.',
    skill: 'Groups reviews by topic.',
    tools: [tool('mine', 'Finds the sentiment of each review.', ['reviews'], ['topics'])],
  },
  {
    namespace: 'textkit',
    name: 'summarize',
    description: 'Shortens long texts.',
    skill: 'Keeps the main points.',
    tools: [tool('shorten', 'Shortens a text.', ['text', 'ratio'], ['summary'])],
  },
  {
    namespace: 'textkit',
    name: 'keywords',
    description: 'Pulls out the terms that matter.',
    skill: 'TF-IDF over the text.',
    tools: [tool('extract', 'Extracts terms.', ['text'], ['terms'])],
  },
  {
    namespace: 'mail',
    name: 'email',
    description: 'Sends messages.',
    skill: 'Through the configured relay.',
    tools: [tool('send', 'Sends a message.', ['to', 'subject', 'body'], ['sent'])],
    permissions: { network: ['smtp.test'], env: ['SMTP_PASSWORD'] },
  },
  {
    namespace: 'crm',
    name: 'contacts',
    description: 'Keeps people and companies.',
    skill: 'Deduplicates by address.',
    tools: [tool('add', 'Adds a contact.', ['email', 'phone'], ['id'])],
  },
  {
    namespace: 'media',
    name: 'thumbnails',
    description: 'Small previews of pictures.',
    skill: 'JPEG and PNG.',
    tools: [tool('resize', 'Resizes a picture.', ['image', 'width'], ['thumbnail'])],
    permissions: { write: ['thumbs'] },
  },
  {
    namespace: 'media',
    name: 'exif',
    description: 'Reads camera metadata.',
    skill: 'Orientation, camera and lens.',
    tools: [tool('read', 'Reads the metadata.', ['image'], ['camera', 'lens'])],
  },
  {
    namespace: 'media',
    name: 'transcode',
    description: 'Converts videos.',
    skill: 'Uses common codecs.',
    tools: [tool('convert', 'Converts a video.', ['video', 'codec'], ['output'])],
  },
  {
    namespace: 'media',
    name: 'podcast',
    description: 'Fetches episodes of shows.',
    skill: 'RSS feeds.',
    tools: [tool('episodes', 'Lists episodes.', ['feed'], ['episodes'])],
    permissions: { network: ['feeds.test'] },
  },
  {
    namespace: 'devtools',
    name: 'regex',
    description: 'Tests patterns against samples.',
    skill: 'Explains each group.',
    tools: [tool('test', 'Tests a pattern.', ['pattern', 'sample'], ['groups'])],
  },
  {
    namespace: 'devtools',
    name: 'semver',
    description: 'Compares version numbers.',
    skill: 'Ranges like npm.',
    tools: [tool('compare', 'Compares two versions.', ['left', 'right'], ['order'])],
  },
  {
    namespace: 'devtools',
    name: 'json-diff',
    description: 'Differences between two documents.',
    skill: 'Structural comparison.',
    tools: [tool('diff', 'Diffs two documents.', ['before', 'after'], ['patch'])],
  },
  {
    namespace: 'devtools',
    name: 'uuid',
    description: 'Makes unique identifiers.',
    skill: 'Version 4 and 7.',
    tools: [tool('make', 'Makes an identifier.', ['kind'], ['identifier'])],
  },
  {
    namespace: 'devtools',
    name: 'cron',
    description: 'Explains schedules.',
    skill: 'Five fields.',
    tools: [tool('explain', 'Explains a schedule.', ['expression'], ['explanation'])],
  },
  {
    namespace: 'devtools',
    name: 'base64',
    description: 'Encodes and decodes bytes.',
    skill: 'Standard and URL alphabets.',
    tools: [tool('encode', 'Encodes bytes.', ['bytes'], ['encoded'])],
  },
  {
    namespace: 'devtools',
    name: 'http-probe',
    description: 'Checks that a site answers.',
    skill: 'Follows redirects.',
    tools: [tool('probe', 'Probes a site.', ['url'], ['status'])],
    permissions: { network: ['*.example.com'] },
  },
  {
    namespace: 'food',
    name: 'recipes',
    description: 'Finds dishes from what is in the fridge.',
    skill: 'Vegetarian options too.',
    tools: [tool('suggest', 'Suggests dishes.', ['ingredients'], ['dishes'])],
  },
  {
    namespace: 'food',
    name: 'nutrition',
    description: 'Calories of meals.',
    skill: 'Per portion.',
    tools: [tool('count', 'Counts calories.', ['meal'], ['calories', 'protein'])],
  },
  {
    namespace: 'travel',
    name: 'flights',
    description: 'Finds connections between airports.',
    skill: 'Direct flights first.',
    tools: [tool('search', 'Searches connections.', ['origin', 'destination'], ['itineraries'])],
    permissions: { network: ['flights.test'] },
  },
  {
    namespace: 'travel',
    name: 'packing',
    description: 'Lists what to pack.',
    skill: 'By climate and length of stay.',
    tools: [tool('list', 'Lists items.', ['climate', 'nights'], ['items'])],
  },
  {
    namespace: 'health',
    name: 'bmi',
    description: 'Body mass index.',
    skill: 'Adults only.',
    tools: [tool('compute', 'Computes the index.', ['height', 'weight'], ['index'])],
  },
  {
    namespace: 'math',
    name: 'matrix',
    description: 'Linear algebra helpers.',
    skill: 'Determinants and inverses.',
    tools: [tool('invert', 'Inverts a matrix.', ['rows'], ['inverse'])],
  },
  {
    namespace: 'math',
    name: 'primes',
    description: 'Tests and lists prime numbers.',
    skill: 'Miller-Rabin.',
    tools: [tool('check', 'Checks a number.', ['number'], ['prime'])],
  },
  {
    namespace: 'math',
    name: 'units',
    description: 'Converts between units of measure.',
    skill: 'Metric and imperial.',
    tools: [tool('convert', 'Converts a quantity.', ['quantity', 'unit'], ['converted'])],
  },
  // The field order: "zephyr" in the name, a tool, a property name, the description, SKILL.md.
  {
    namespace: 'order',
    name: 'zephyr',
    description: 'First of the order family.',
    skill: 'Nothing more.',
    tools: [tool('one', 'One.', ['alpha'], ['beta'])],
  },
  {
    namespace: 'order',
    name: 'second',
    description: 'Second of the order family.',
    skill: 'Nothing more.',
    tools: [tool('breeze', 'Blows like a zephyr.', ['alpha'], ['beta'])],
  },
  {
    namespace: 'order',
    name: 'third',
    description: 'Third of the order family.',
    skill: 'Nothing more.',
    tools: [tool('gust', 'Gusts.', ['zephyr'], ['beta'])],
  },
  {
    namespace: 'order',
    name: 'fourth',
    description: 'A zephyr of the order family.',
    skill: 'Nothing more.',
    tools: [tool('calm', 'Calms.', ['alpha'], ['beta'])],
  },
  {
    namespace: 'order',
    name: 'fifth',
    description: 'Fifth of the order family.',
    skill: 'A zephyr, nothing more.',
    tools: [tool('still', 'Stills.', ['alpha'], ['beta'])],
  },
  // The tie-break: the same words, told apart by their downloads of the last 7 days.
  ...['alpha', 'bravo', 'charlie', 'delta'].map((name) => ({
    namespace: 'ties',
    name,
    description: 'A quasar catalogue.',
    skill: 'Same words in all four.',
    tools: [tool('list', 'Lists.', ['sky'], ['objects'])],
  })),
];
