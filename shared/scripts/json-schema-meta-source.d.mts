export declare const META_SCHEMA_2020: string;
export declare function metaValidatorSource(): string;
