/**
 * Short forms of English given names (`Greg` of `Gregory`, `Bill` of `William`), by normalized given
 * name. Hand-written: we found no maintained nickname dataset on npm (its `nicknames` package
 * describes itself as a generator). Only forms a writer uses for the person in formal text.
 */
const NICKNAMES: Readonly<Record<string, readonly string[]>> = {
  abigail: ["abby"], albert: ["al", "bert"], alexander: ["alex"], alexandra: ["alex", "lexi"], alfred: ["al", "alfie"],
  alison: ["ally", "allie"], allison: ["ally", "allie"], amanda: ["mandy"], andrew: ["andy", "drew"], angela: ["angie"], angus: ["gus"],
  anthony: ["tony"], archibald: ["archie"], arthur: ["art"], augustine: ["gus"], augustus: ["gus"], barbara: ["barb"],
  bartholomew: ["bart"], benjamin: ["ben", "benny"], beverly: ["bev"], bradley: ["brad"], brittany: ["britt"], calvin: ["cal"],
  cameron: ["cam"], caroline: ["carrie"], carolyn: ["carrie"], cassandra: ["cassie"], catherine: ["cathy", "kate", "katie", "kit"],
  charles: ["charlie", "chuck"], christina: ["chris", "tina"], christine: ["chris", "tina"], christopher: ["chris"], clifford: ["cliff"],
  curtis: ["curt"], cynthia: ["cindy"], daniel: ["dan", "danny"], danielle: ["dani"], david: ["dave"], deborah: ["deb", "debbie"],
  debra: ["deb", "debbie"], dominic: ["dom"], donald: ["don", "donnie"], dorothy: ["dot", "dottie"], douglas: ["doug"],
  edward: ["ed", "eddie", "ted"], eleanor: ["ellie"], elijah: ["eli"], elizabeth: ["liz", "beth", "betty", "lizzie", "eliza"],
  emily: ["em"], ernest: ["ernie"], eugene: ["gene"], florence: ["flo"], frances: ["fran"], francis: ["frank"], franklin: ["frank"],
  frederica: ["freddie"], frederick: ["fred", "freddie"], funmilayo: ["funmi"], gabriel: ["gabe"], gabriella: ["gabby"],
  gabrielle: ["gabby"], geoffrey: ["geoff"], gerald: ["jerry"], gertrude: ["gertie", "trudy"], gregory: ["greg"], gustavo: ["gus"],
  gwendolyn: ["gwen"], harold: ["harry", "hal"], herbert: ["herb"], ignatius: ["iggy"], isabel: ["izzy", "bella"],
  isabella: ["izzy", "bella"], jacob: ["jake"], jacqueline: ["jackie"], james: ["jim", "jimmy", "jamie"], jeffery: ["jeff"],
  jeffrey: ["jeff"], jennifer: ["jen", "jenny"], jeremy: ["jerry"], jessica: ["jess", "jessie"], jillian: ["jill"], jonathan: ["jon"],
  jonathon: ["jon"], joseph: ["joe", "joey"], josephine: ["jo", "josie"], joshua: ["josh"], judith: ["judy"],
  katherine: ["kate", "katie", "kathy", "kit"], kathleen: ["kathy", "kate"], kathryn: ["kate", "katie", "kathy", "kit"], katrina: ["kat"],
  kenneth: ["ken", "kenny"], kimberly: ["kim"], kristen: ["kris"], kristin: ["kris"], kristina: ["kris", "tina"], kristopher: ["kris"],
  lawrence: ["larry"], leonard: ["leo", "len", "lenny"], louis: ["lou"], lucas: ["luke"], madeline: ["maddie"], madison: ["maddie"],
  manuel: ["manny"], margaret: ["maggie", "meg", "peggy"], matthew: ["matt"], maxwell: ["max"], melanie: ["mel"], melissa: ["mel", "missy"],
  michael: ["mike"], michelle: ["shelly"], mitchell: ["mitch"], montgomery: ["monty"], natalie: ["nat"], nathan: ["nate"],
  nathaniel: ["nate", "nat"], nicholas: ["nick"], nicole: ["nikki", "nicki"], olivia: ["liv"], pamela: ["pam"],
  patricia: ["pat", "patty", "trish"], patrick: ["pat"], penelope: ["penny"], percival: ["percy"], peter: ["pete"], philip: ["phil"],
  phillip: ["phil"], randall: ["randy"], raymond: ["ray"], rebecca: ["becky", "becca"], reginald: ["reggie"],
  richard: ["rick", "rich", "dick"], robert: ["rob", "bob", "bobby", "robbie"], roberta: ["bobbie"], ronald: ["ron", "ronnie"],
  rosalind: ["roz"], rosemary: ["rosie"], russell: ["russ"], samantha: ["sam", "sammy"], samuel: ["sam", "sammy"], sandra: ["sandy"],
  solomon: ["sol"], sophia: ["sophie"], stanley: ["stan"], stephanie: ["steph"], stephen: ["steve"], steven: ["steve"],
  susan: ["sue", "susie"], suzanne: ["sue"], tabitha: ["tabby"], teresa: ["terry", "tess"], terrence: ["terry"],
  theodore: ["ted", "teddy", "theo"], theresa: ["terry", "tess"], thomas: ["tom", "tommy"], tiffany: ["tiff"], timothy: ["tim"],
  tobias: ["toby"], tomasz: ["tomek"], valerie: ["val"], veronica: ["ronnie"], victoria: ["vicky", "tori"], vincent: ["vince"],
  virginia: ["ginny"], walter: ["walt"], wesley: ["wes"], william: ["will", "bill", "billy"], winifred: ["winnie"],
  zachary: ["zach", "zack"],
  // Round 10 red team (`Bea` of Beatriz passed), and short forms other languages use in English text.
  beatriz: ["bea"], beatrice: ["bea", "bee"], lucinda: ["cindy", "lucy"], lucille: ["lucy"], lucia: ["lucy"], alejandro: ["alex"],
  alejandra: ["alex"], francisco: ["paco", "frank"], guadalupe: ["lupe"], roberto: ["beto"], josefina: ["josie"], ignacio: ["nacho"],
  eduardo: ["eddie", "lalo"], enrique: ["quique"], margarita: ["rita"], dolores: ["lola"], jose: ["pepe"], anastasia: ["stacy", "nastya"],
  katarzyna: ["kasia"], wojciech: ["wojtek"], krzysztof: ["krzys"], giuseppe: ["beppe"], alessandro: ["sandro"],
  // Round 22 red team: short forms that are no start of the name (`Zeke H.` of Ezekiel, `Neil V.` of Cornelius, `Billie Stroud`).
  ezekiel: ["zeke"], cornelius: ["neil", "connie"], wilhelmina: ["billie", "mina", "willa"], yolanda: ["yoli"], marguerite: ["maggie", "margo"],
  anastasiya: ["nastya"],
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
