export declare const SAME_ON_EVERY_DRIVER: readonly string[];
export declare const USES_THE_TEST_DATABASE: RegExp;
