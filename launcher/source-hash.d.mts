export declare const SOURCE_DIRS: string[];
export declare const SKIP: string[];
export declare function sourceFiles(root: string): string[];
export declare function sourceHash(root: string): string;
