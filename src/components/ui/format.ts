/** The digit, money and date rule lives in src/shared/format.ts: the Worker writes its messages by it too (issue 26). */
export * from "../../shared/format";
