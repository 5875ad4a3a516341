/**
 * Short forms of English given names (`Greg` of `Gregory`, `Bill` of `William`), by normalized given
 * name. Hand-written: we found no maintained nickname dataset on npm (its `nicknames` package
 * describes itself as a generator). Only forms a writer uses for the person in formal text.
 */
const NICKNAMES: Readonly<Record<string, readonly string[]>> = {
  albert: ["al", "bert"], alexander: ["alex"], alexandra: ["alex", "lexi"], alfred: ["al", "alfie"], allison: ["ally", "allie"],
  alison: ["ally", "allie"], amanda: ["mandy"], andrew: ["andy", "drew"], angela: ["angie"], anthony: ["tony"], arthur: ["art"],
  abigail: ["abby"], barbara: ["barb"], benjamin: ["ben", "benny"], beverly: ["bev"], bradley: ["brad"], brittany: ["britt"],
  calvin: ["cal"], cameron: ["cam"], caroline: ["carrie"], carolyn: ["carrie"], cassandra: ["cassie"], catherine: ["cathy", "kate", "katie"],
  charles: ["charlie", "chuck"], christina: ["chris", "tina"], christine: ["chris", "tina"], christopher: ["chris"], clifford: ["cliff"],
  curtis: ["curt"], cynthia: ["cindy"], daniel: ["dan", "danny"], danielle: ["dani"], david: ["dave"], deborah: ["deb", "debbie"],
  debra: ["deb", "debbie"], dominic: ["dom"], donald: ["don", "donnie"], dorothy: ["dot", "dottie"], douglas: ["doug"],
  edward: ["ed", "eddie", "ted"], eleanor: ["ellie"], elijah: ["eli"], elizabeth: ["liz", "beth", "betty", "lizzie", "eliza"],
  emily: ["em"], ernest: ["ernie"], eugene: ["gene"], frances: ["fran"], francis: ["frank"], franklin: ["frank"],
  frederick: ["fred", "freddie"], gabriel: ["gabe"], gabriella: ["gabby"], gabrielle: ["gabby"], gerald: ["jerry"],
  gregory: ["greg"], gwendolyn: ["gwen"], harold: ["harry", "hal"], herbert: ["herb"], isabel: ["izzy", "bella"], isabella: ["izzy", "bella"],
  jacob: ["jake"], jacqueline: ["jackie"], james: ["jim", "jimmy", "jamie"], jeffrey: ["jeff"], jennifer: ["jen", "jenny"],
  jeremy: ["jerry"], jessica: ["jess", "jessie"], jillian: ["jill"], jonathan: ["jon"], joseph: ["joe", "joey"], josephine: ["jo", "josie"],
  joshua: ["josh"], judith: ["judy"], katherine: ["kate", "katie", "kathy"], kathleen: ["kathy", "kate"], kathryn: ["kate", "katie", "kathy"],
  katrina: ["kat"], kenneth: ["ken", "kenny"], kimberly: ["kim"], kristen: ["kris"], kristin: ["kris"], kristina: ["kris", "tina"],
  kristopher: ["kris"], lawrence: ["larry"], leonard: ["leo", "len", "lenny"], louis: ["lou"], lucas: ["luke"], madeline: ["maddie"],
  madison: ["maddie"], manuel: ["manny"], margaret: ["maggie", "meg", "peggy"], matthew: ["matt"], maxwell: ["max"], melanie: ["mel"],
  melissa: ["mel", "missy"], michael: ["mike"], michelle: ["shelly"], mitchell: ["mitch"], natalie: ["nat"], nathan: ["nate"],
  nathaniel: ["nate", "nat"], nicholas: ["nick"], nicole: ["nikki", "nicki"], olivia: ["liv"], pamela: ["pam"], patricia: ["pat", "patty", "trish"],
  patrick: ["pat"], peter: ["pete"], philip: ["phil"], phillip: ["phil"], randall: ["randy"], raymond: ["ray"], rebecca: ["becky", "becca"],
  richard: ["rick", "rich", "dick"], robert: ["rob", "bob", "bobby", "robbie"], roberta: ["bobbie"], ronald: ["ron", "ronnie"],
  russell: ["russ"], samantha: ["sam", "sammy"], samuel: ["sam", "sammy"], sandra: ["sandy"], sophia: ["sophie"], stanley: ["stan"],
  stephanie: ["steph"], stephen: ["steve"], steven: ["steve"], susan: ["sue", "susie"], suzanne: ["sue"], tabitha: ["tabby"],
  teresa: ["terry", "tess"], terrence: ["terry"], theodore: ["ted", "teddy", "theo"], theresa: ["terry", "tess"], thomas: ["tom", "tommy"],
  tiffany: ["tiff"], timothy: ["tim"], valerie: ["val"], veronica: ["ronnie"], victoria: ["vicky", "tori"], vincent: ["vince"],
  virginia: ["ginny"], walter: ["walt"], wesley: ["wes"], william: ["will", "bill", "billy"], zachary: ["zach", "zack"],
};

/** The short forms of a normalized given name (`gregory` -> `greg`); none for a name without one. */
export function nicknamesOf(given: string): readonly string[] {
  return Object.hasOwn(NICKNAMES, given) ? NICKNAMES[given] : [];
}

const SHORT_FORMS: ReadonlySet<string> = new Set(Object.values(NICKNAMES).flat());

/** Whether a normalized word is a short form of some given name (`bill`, `tom`, `jo`). */
export function isNickname(word: string): boolean {
  return SHORT_FORMS.has(word);
}
