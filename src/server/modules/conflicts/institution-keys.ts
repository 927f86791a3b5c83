/**
 * An affiliation as written by an author ("Dept. of Mechanical Engg., I.I.T. Bombay, Mumbai,
 * India") reduced to the institutions it names ("iit bombay"), so that two ways of writing one
 * institution meet and a shared city or country does not.
 */

/** Spelled-out names and their usual short forms, longest first: both sides end up short. */
const SHORT_FORMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bindian institute of science education and research\b/g, 'iiser'],
  [/\bindian institute of information technology\b/g, 'iiit'],
  [/\bindian institute of technology\b/g, 'iit'],
  [/\bnational institute of technology\b/g, 'nit'],
  [/\bindian institute of science\b/g, 'iisc'],
  [/\bbirla institute of technology and science\b/g, 'bits'],
  [/\bdefence research and development organisation\b/g, 'drdo'],
  [/\bindian space research organisation\b/g, 'isro'],
  [/\bmassachusetts institute of technology\b/g, 'mit'],
  [/\buniv\b/g, 'university'],
  [/\binst\b/g, 'institute'],
  [/\btech\b/g, 'technology'],
];

/** Short forms that name a system of institutes: "IIT" alone is not an institution, "IIT Delhi" is. */
const NEEDS_A_PLACE = new Set(['iit', 'nit', 'iiit', 'iiser', 'bits']);

/** Words that make a part of an affiliation an institution rather than a department, city or country. */
const INSTITUTION_WORDS = new Set(
  [
    'university universite universitat universidad universidade universita universiteit uniwersytet',
    'universitet universiti institute institut instituto istituto college polytechnic politecnico',
    'politechnika polytechnique academy akademia academia laboratory laboratories ecole hochschule',
    'iit nit iiit iiser iisc bits drdo isro mit technion eth epfl kaist hoc vien',
  ]
    .join(' ')
    .split(' '),
);

/** Institution words of scripts written without spaces between words (matched inside the text). */
const INSTITUTION_STEMS = [
  '大学',
  '學院',
  '学院',
  '研究所',
  '研究院',
  'университет',
  'институт',
  'академия',
  'विश्वविद्यालय',
  'संस्थान',
  'प्रौद्योगिकी',
];

/** Parts that name a unit inside an institution. */
const UNIT_PREFIX =
  /^(department|dept|faculty|division|school of|chair of|group|centre for|center for|khoa|кафедра|факультет|विभाग)\b/;

/** Lower case, accents and punctuation gone: "Politechnika Łódzka" and "POLITECHNIKA LODZKA" meet. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[đ]/g, 'd')
    .replace(/[ł]/g, 'l')
    .replace(/[ø]/g, 'o')
    .replace(/ß/g, 'ss')
    .replace(/&/g, ' and ')
    .replace(/[.'’]/g, '')
    .replace(/[\p{P}\p{S}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function shortened(part: string): string {
  return SHORT_FORMS.reduce((text, [long, short]) => text.replace(long, short), part);
}

function namesAnInstitution(part: string): boolean {
  return (
    part.split(' ').some((word) => INSTITUTION_WORDS.has(word)) || INSTITUTION_STEMS.some((stem) => part.includes(stem))
  );
}

/** The institutions an affiliation names, each as one folded key; empty for an empty affiliation. */
export function institutionKeys(affiliation: string): string[] {
  const parts = affiliation
    .split(/[,;，、\n।]+/)
    .map((part) => shortened(foldText(part)))
    .filter((part) => part !== '');
  // "Indian Institute of Technology, Bombay": the short form takes the place that follows it.
  const joined: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (NEEDS_A_PLACE.has(part) && i + 1 < parts.length) joined.push(`${part} ${parts[++i]!}`);
    else joined.push(part);
  }
  const candidates = joined.filter((part) => !UNIT_PREFIX.test(part) && !NEEDS_A_PLACE.has(part));
  const institutions = candidates.filter(namesAnInstitution);
  if (institutions.length > 0) return [...new Set(institutions)];
  // A company or agency without an institution word ("Tata Consultancy Services, Pune"): its first part.
  return candidates.length > 0 ? [candidates[0]!] : [];
}
