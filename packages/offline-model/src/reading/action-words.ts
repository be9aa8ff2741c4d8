// The stricter reading a destructive clause gets: every word of "discard the tampered jars on
// shelf A" must be one the model knows, or the word is named as unread and nothing is discarded.
// A word it does not know may narrow the job ("the jars by the window"), and guessing it away
// would widen a destructive job. Host side, pure.

const KNOWN = new Set(
  // the actions and their objects
  (
    'discard discarding discarded bin binning trash throw throwing away out toss tossing get getting rid of dispose ' +
    'disposing reseal resealing resealed re seal seals sealing up again fix fixing remove removing delete ' +
    'jar jars cookie cookies one ones it them they those these that this which who whose what ' +
    // what qualifies
    'tampered tamper tampering interfered bad compromised suspicious spoiled clean untampered fine good ok okay ' +
    'broken intact weight weights off wrong problem problems issue issues with without found find finds ' +
    'only just also too any all every each both whole entire rest remaining ' +
    // scope glue
    'the a an and or plus in on from of among amongst between to through thru till until inclusive range ' +
    'number numbers numbered no nos id ids label labelled labeled first last final onwards onward upwards up ' +
    'end except excluding exclude skip skipping ignoring but not apart other than minus shelf shelves ' +
    'odd even is are was were be been being have has had look looks seem seems appear appears ' +
    // the way people ask
    'please kindly now then can could would will you i we me my our us for if there here so go ahead ' +
    'check checking checked inspect inspecting inspected audit auditing audited examine look at after ' +
    'report tell say let know why how many name list show do did done dont don t never thanks thank ' +
    'carefully right away immediately quickly whatever s sitting standing kept stored placed located currently ' +
    'toss chuck ditch dump scrap ids'
  ).split(' '),
);

/** Words of a destructive clause (after its scope was read) that the model does not know. */
export function unknownWords(rest: string): string[] {
  const words = rest.toLowerCase().match(/[a-z]+/g) ?? [];
  return [...new Set(words.filter((word) => !KNOWN.has(word)))];
}
