// SEC EDGAR responses, as documented at
// https://www.sec.gov/search-filings/edgar-application-programming-interfaces (data.sec.gov
// submissions: `filings.recent` as parallel arrays, `filings.files` for older pages) and the
// ticker file linked from https://www.sec.gov/search-filings/edgar-search-assistance/accessing-edgar-data
// (https://www.sec.gov/files/company_tickers.json: rows keyed "0", "1", ... with `cik_str` a
// number despite its name); shapes cross-checked in the vendor's documentation
// Only what the layer reads is validated; members EDGAR leaves empty ("") or out are optional.
import * as z from 'zod';

const text = z.string().nullable().optional();
const texts = z.array(z.string().nullable()).nullable().optional();

/** GET {www}/files/company_tickers.json: `{ "0": { cik_str, ticker, title }, ... }`. */
export const companyTickersSchema = z.record(
  z.string(),
  z.looseObject({
    cik_str: z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,10}$/)]),
    ticker: z.string(),
    title: z.string(),
  }),
);

/**
 * GET {data}/submissions/CIK##########.json: the registrant, and `filings.recent` whose arrays
 * are parallel (index i of each is one filing), newest first.
 */
export const submissionsSchema = z.looseObject({
  cik: z.union([z.string(), z.number()]).nullable().optional(),
  entityType: text,
  sicDescription: text,
  name: text,
  tickers: texts,
  exchanges: texts,
  insiderTransactionForIssuerExists: z.number().nullable().optional(),
  filings: z.looseObject({
    recent: z.looseObject({
      accessionNumber: z.array(z.string()),
      filingDate: z.array(z.string()),
      form: z.array(z.string()),
      reportDate: texts,
      acceptanceDateTime: texts,
      items: texts,
      primaryDocument: texts,
      primaryDocDescription: texts,
    }),
    files: z
      .array(z.looseObject({ name: z.string() }))
      .nullable()
      .optional(),
  }),
});

export type Submissions = z.infer<typeof submissionsSchema>;
