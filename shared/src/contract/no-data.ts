// The reason of an UNAVAILABLE answer when every provider was asked and none has the data
// (docs/data-layer.md, "Providers and routing order"). The explainer and the website read it to
// tell "this contract has no verified source" from "no explorer could be asked".
export const NO_DATA_REASON = 'no provider has data';
