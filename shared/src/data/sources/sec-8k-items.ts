// Every item of the SEC's Form 8-K (current report), with its official title and a plain label
// for the filings card (docs/website.md, "Filings": "2.02 earnings", "5.02 director or officer
// change").
// Source: the SEC's Form 8-K and its General Instructions (https://www.sec.gov/files/form8-k.pdf),
// sections 1 to 9 as amended through Item 1.05 (Material Cybersecurity Incidents, Release
// 33-11216, 2023), including the asset-backed items 6.01 to 6.06 and 6.10 (Alternative Filings
// of Asset-Backed Issuers).
// EDGAR's submissions JSON lists a filing's items as these numbers, comma-separated ("2.02,9.01").

export interface Form8kItem {
  /** The item number as EDGAR writes it in `items`: "1.01" ... "9.01". */
  item: string;
  /** The form's section (1 to 9). */
  section: number;
  /** The item's title in the form (shortened where the form's title runs on). */
  title: string;
  /** Plain wording for a reader who does not know the form. */
  label: string;
}

const item = (number: string, title: string, label: string): Form8kItem => ({
  item: number,
  section: Number(number.split('.')[0]),
  title,
  label,
});

export const FORM_8K_ITEMS: readonly Form8kItem[] = [
  // Section 1: Registrant's Business and Operations
  item('1.01', 'Entry into a Material Definitive Agreement', 'major agreement signed'),
  item('1.02', 'Termination of a Material Definitive Agreement', 'major agreement ended'),
  item('1.03', 'Bankruptcy or Receivership', 'bankruptcy or receivership'),
  item('1.04', 'Mine Safety – Reporting of Shutdowns and Patterns of Violations', 'mine safety violation'),
  item('1.05', 'Material Cybersecurity Incidents', 'cybersecurity incident'),
  // Section 2: Financial Information
  item('2.01', 'Completion of Acquisition or Disposition of Assets', 'acquisition or sale completed'),
  item('2.02', 'Results of Operations and Financial Condition', 'earnings'),
  item(
    '2.03',
    'Creation of a Direct Financial Obligation or an Obligation under an Off-Balance Sheet Arrangement of a Registrant',
    'new debt or obligation',
  ),
  item(
    '2.04',
    'Triggering Events That Accelerate or Increase a Direct Financial Obligation or an Obligation under an Off-Balance Sheet Arrangement',
    'debt accelerated or increased',
  ),
  item('2.05', 'Costs Associated with Exit or Disposal Activities', 'restructuring or exit costs'),
  item('2.06', 'Material Impairments', 'asset write-down'),
  // Section 3: Securities and Trading Markets
  item(
    '3.01',
    'Notice of Delisting or Failure to Satisfy a Continued Listing Rule or Standard; Transfer of Listing',
    'delisting notice or listing transfer',
  ),
  item('3.02', 'Unregistered Sales of Equity Securities', 'unregistered share sale'),
  item('3.03', 'Material Modification to Rights of Security Holders', 'shareholder rights changed'),
  // Section 4: Matters Related to Accountants and Financial Statements
  item('4.01', "Changes in Registrant's Certifying Accountant", 'auditor change'),
  item(
    '4.02',
    'Non-Reliance on Previously Issued Financial Statements or a Related Audit Report or Completed Interim Review',
    'past financial statements no longer reliable',
  ),
  // Section 5: Corporate Governance and Management
  item('5.01', 'Changes in Control of Registrant', 'change of control'),
  item(
    '5.02',
    'Departure of Directors or Certain Officers; Election of Directors; Appointment of Certain Officers; Compensatory Arrangements of Certain Officers',
    'director or officer change',
  ),
  item(
    '5.03',
    'Amendments to Articles of Incorporation or Bylaws; Change in Fiscal Year',
    'charter, bylaws or fiscal year changed',
  ),
  item(
    '5.04',
    "Temporary Suspension of Trading Under Registrant's Employee Benefit Plans",
    'benefit-plan trading blackout',
  ),
  item(
    '5.05',
    "Amendments to the Registrant's Code of Ethics, or Waiver of a Provision of the Code of Ethics",
    'ethics code changed or waived',
  ),
  item('5.06', 'Change in Shell Company Status', 'shell company status changed'),
  item('5.07', 'Submission of Matters to a Vote of Security Holders', 'shareholder vote results'),
  item('5.08', 'Shareholder Director Nominations', 'director nomination deadline'),
  // Section 6: Asset-Backed Securities
  item('6.01', 'ABS Informational and Computational Material', 'asset-backed securities marketing material'),
  item('6.02', 'Change of Servicer or Trustee', 'asset-backed securities servicer or trustee change'),
  item(
    '6.03',
    'Change in Credit Enhancement or Other External Support',
    'asset-backed securities credit support change',
  ),
  item('6.04', 'Failure to Make a Required Distribution', 'asset-backed securities payment missed'),
  item('6.05', 'Securities Act Updating Disclosure', 'asset-backed securities pool update'),
  item('6.06', 'Static Pool', 'asset-backed securities static pool data'),
  item('6.10', 'Alternative Filings of Asset-Backed Issuers', 'asset-backed securities alternative filing'),
  // Section 7: Regulation FD
  item('7.01', 'Regulation FD Disclosure', 'public disclosure (Regulation FD)'),
  // Section 8: Other Events
  item('8.01', 'Other Events', 'other events'),
  // Section 9: Financial Statements and Exhibits
  item('9.01', 'Financial Statements and Exhibits', 'financial statements and exhibits'),
];

const BY_NUMBER: ReadonlyMap<string, Form8kItem> = new Map(FORM_8K_ITEMS.map((i) => [i.item, i]));

/** An item by its number as EDGAR writes it ("2.02"), or undefined for a number the form does not have. */
export function form8kItem(number: string): Form8kItem | undefined {
  return BY_NUMBER.get(number.trim());
}

/** The plain label of an item number, or undefined for a number the form does not have. */
export function form8kLabel(number: string): string | undefined {
  return form8kItem(number)?.label;
}
