import { describe, expect, it } from "vitest";
import { MrzFormatError, checkDigit, normalizeLength, parseMrz, parseName, pickMrzLines } from "../../src/shared/mrz";

const TODAY = "2026-11-23";

// ICAO Doc 9303 specimens (part 4 TD3, part 5 TD1, part 6 TD2).
const TD3 = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"];
const TD1 = ["I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"];
const TD2 = ["I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<", "D231458907UTO7408122F1204159<<<<<<<6"];

/** A TD3 passport with correct check digits (computed by hand-checked checkDigit, itself tested on the specimen). */
function td3(opts: { name: string; number: string; nat?: string; birth: string; sex?: string; expiry: string; personal?: string }): string[] {
  const pad = (v: string, n: number) => (v + "<".repeat(n)).slice(0, n);
  const number = pad(opts.number, 9);
  const personal = pad(opts.personal ?? "", 14);
  const personalCheck = /^<+$/.test(personal) ? "<" : checkDigit(personal);
  const body = `${number}${checkDigit(number)}${opts.nat ?? "IRQ"}${opts.birth}${checkDigit(opts.birth)}${opts.sex ?? "M"}${opts.expiry}${checkDigit(opts.expiry)}${personal}${personalCheck}`;
  const composite = checkDigit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43));
  return [pad(`P<${opts.nat ?? "IRQ"}${opts.name}`, 44), body + composite];
}

/** Replaces one character of one line. */
const at = (lines: string[], line: number, index: number, ch: string) =>
  lines.map((l, i) => (i === line ? l.slice(0, index) + ch + l.slice(index + 1) : l));

/** Recomputes the TD3 composite digit so that only the field a test corrupts fails. */
const recomposite = (lines: string[]) => {
  const b = lines[1]!;
  return [lines[0]!, b.slice(0, 43) + checkDigit(b.slice(0, 10) + b.slice(13, 20) + b.slice(21, 43))];
};

const field = (result: ReturnType<typeof parseMrz>, kind: string) => result.fields.find((f) => f.kind === kind);
const failed = (result: ReturnType<typeof parseMrz>) =>
  result.flags.filter((f) => f.code === "CHECK_DIGIT_FAILED").map((f) => ("field" in f ? f.field : ""));

describe("check digits (ICAO 9303 part 3)", () => {
  it("matches the specimen's digits", () => {
    expect(checkDigit("L898902C3")).toBe("6");
    expect(checkDigit("740812")).toBe("2");
    expect(checkDigit("120415")).toBe("9");
    expect(checkDigit("ZE184226B<<<<<")).toBe("1");
    expect(checkDigit("L898902C36" + "7408122" + "1204159ZE184226B<<<<<1")).toBe("0");
    expect(checkDigit("<<<<<<<<<")).toBe("0");
  });
});

describe("TD3 passports", () => {
  it("reads the ICAO specimen: every field, every check digit, and the expiry in the past", () => {
    const r = parseMrz(TD3, { today: TODAY });
    expect(r.format).toBe("TD3");
    expect(r.valid).toBe(true);
    expect(r.checks.map((c) => c.field)).toEqual(["birthDate", "expiryDate", "documentNumber", "personalNumber", "composite"]);
    expect(r.surname).toBe("ERIKSSON");
    expect(r.givenNames).toEqual(["ANNA", "MARIA"]);
    expect(r.issuingState).toBe("UTO");
    expect(r.personalNumber).toBe("ZE184226B");
    expect(field(r, "FullName")?.value).toBe("ANNA MARIA ERIKSSON");
    expect(field(r, "FullQuadRupleName")).toBeUndefined();
    expect(field(r, "PassportNumber")?.value).toBe("L898902C3");
    expect(field(r, "DateOfBirth")?.value).toBe("1974-08-12");
    expect(field(r, "PassportExpiry")?.value).toBe("2012-04-15");
    expect(field(r, "Nationality")?.value).toBe("UTO");
    expect(field(r, "Sex")?.value).toBe("F");
    expect(r.flags).toEqual([{ code: "EXPIRED", expiryDate: "2012-04-15" }]);
    expect(field(r, "PassportNumber")!.confidence).toBeGreaterThan(field(r, "FullName")!.confidence);
  });

  it("reads names with fillers, several given names and a two-word surname; four parts fill the quadruple name", () => {
    const many = parseMrz(td3({ name: "DE<LA<CRUZ<<MARIA<JOSE<CARMEN", number: "X1234567", birth: "900101", expiry: "300101" }), { today: TODAY });
    expect(many.surname).toBe("DE LA CRUZ");
    expect(many.givenNames).toEqual(["MARIA", "JOSE", "CARMEN"]);
    expect(field(many, "FullName")?.value).toBe("MARIA JOSE CARMEN DE LA CRUZ");
    expect(field(many, "FullQuadRupleName")).toBeUndefined();

    const quad = parseMrz(td3({ name: "ALSAADI<<AHMED<KADHIM<JASIM", number: "A12345678", birth: "150704", expiry: "310315" }), { today: TODAY });
    expect(field(quad, "FullName")?.value).toBe("AHMED KADHIM JASIM ALSAADI");
    expect(field(quad, "FullQuadRupleName")?.value).toBe("AHMED KADHIM JASIM ALSAADI");
    expect(field(quad, "DateOfBirth")?.value).toBe("2015-07-04"); // born this century
    expect(quad.valid).toBe(true);
    expect(quad.flags).toEqual([]);

    expect(parseName("OSULLIVAN<<<<<<<<<<<<<")).toEqual({ surname: "OSULLIVAN", givenNames: [] });
  });

  it("names each single check-digit failure", () => {
    const good = td3({ name: "HASSAN<<ALI", number: "B7654321", birth: "851230", expiry: "290615", personal: "19851230" });
    expect(parseMrz(good, { today: TODAY }).valid).toBe(true);
    // Corrupt one field with a character no look-alike explains, keep the composite right: only that field fails.
    const cases: [string, number, string][] = [
      ["documentNumber", 2, "9"],
      ["birthDate", 14, "4"],
      ["expiryDate", 24, "7"],
      ["personalNumber", 30, "7"],
    ];
    for (const [name, index, ch] of cases) {
      const r = parseMrz(recomposite(at(good, 1, index, ch)), { today: TODAY });
      expect(failed(r), name).toEqual([name]);
      expect(r.valid).toBe(false);
      expect(r.repairs).toEqual([]);
    }
    // The composite digit alone.
    const composite = parseMrz(at(good, 1, 43, good[1]![43] === "3" ? "4" : "3"), { today: TODAY });
    expect(failed(composite)).toEqual(["composite"]);
    // A broken check digit also breaks the composite that covers it: both are named.
    expect(failed(parseMrz(at(good, 1, 9, good[1]![9] === "1" ? "2" : "1"), { today: TODAY }))).toEqual(["documentNumber", "composite"]);
  });

  it("repairs O/0, I/1, B/8, S/5, Z/2 only where the check digits confirm it", () => {
    const good = td3({ name: "SMITH<<JOHN", number: "AB1203858", birth: "800101", expiry: "320512" });
    // Digits read as letters in dates and check digits.
    const misread = at(at(at(good, 1, 13, "B"), 1, 15, "O"), 1, 22, "Z");
    const r = parseMrz(misread, { today: TODAY });
    expect(r.valid).toBe(true);
    expect(field(r, "DateOfBirth")?.value).toBe("1980-01-01");
    expect(field(r, "PassportExpiry")?.value).toBe("2032-05-12");
    expect(r.repairs.map((x) => x.field).sort()).toEqual(["birthDate", "expiryDate"]);
    expect(field(r, "DateOfBirth")!.confidence).toBeLessThan(parseMrz(good, { today: TODAY }).fields.find((f) => f.kind === "DateOfBirth")!.confidence);

    // Alphanumeric document number: 0 read as O; the one swap the check digit and the composite both accept wins.
    const specimen = parseMrz(at(TD3, 1, 5, "O"), { today: TODAY });
    expect(field(specimen, "PassportNumber")?.value).toBe("L898902C3");
    expect(specimen.valid).toBe(true);
    expect(specimen.repairs).toEqual([{ field: "documentNumber", from: "L8989O2C3", to: "L898902C3" }]);
    // Several misreads in one number can meet a wrong reading that passes the mod-10 digit (the TD3 composite weighs
    // the number exactly as its own digit does): the repair is then reported with a low confidence for the agent.
    const several = parseMrz(at(at(at(good, 1, 1, "8"), 1, 4, "O"), 1, 7, "S"), { today: TODAY });
    expect(several.repairs.map((x) => x.field)).toEqual(["documentNumber"]);
    expect(field(several, "PassportNumber")!.confidence).toBeLessThan(0.8);

    // I read for 1 in a check digit.
    const check = parseMrz(at(good, 1, 9, good[1]![9] === "1" ? "I" : good[1]![9]!), { today: TODAY });
    expect(check.valid).toBe(true);

    // S read where the true digit is 6: mapping S→5 does not satisfy the check digit, so nothing is changed.
    const wrong = parseMrz(at(good, 1, 16, "S"), { today: TODAY });
    expect(failed(wrong)).toContain("birthDate");
    expect(wrong.repairs.find((x) => x.field === "birthDate")).toBeUndefined();
    expect(field(wrong, "DateOfBirth")?.value).toBe("");
    expect(wrong.flags).toContainEqual({ code: "INVALID_DATE", field: "birthDate" });

    // Names and nationality have no check digit, but ICAO allows only letters there: a digit is read as its
    // look-alike letter, recorded as a format repair, and the confidence drops so the agent checks the field.
    const name = parseMrz(at(good, 0, 5, "5"), { today: TODAY });
    expect(field(name, "FullName")?.value).toBe("JOHN SMITH");
    expect(field(name, "FullName")!.confidence).toBeLessThanOrEqual(0.6);
    expect(name.repairs).toContainEqual({ field: "name", from: "5MITH<<JOHN" + "<".repeat(28), to: "SMITH<<JOHN" + "<".repeat(28), by: "format" });
    expect(name.valid).toBe(true);
    const nationality = parseMrz(at(TD3, 1, 12, "0"), { today: TODAY });
    expect(field(nationality, "Nationality")?.value).toBe("UTO");
    expect(field(nationality, "Nationality")!.confidence).toBeLessThanOrEqual(0.6);
    expect(field(nationality, "PassportNumber")!.confidence).toBeGreaterThan(0.9);
  });

  it("repairs a digit field only when its check digit confirms the repair, one field at a time, each failure named", () => {
    const good = td3({ name: "NOURI<<HIBA", number: "X4401827", birth: "930617", expiry: "310228", personal: "IQ93061711" });
    const clean = parseMrz(good, { today: TODAY });
    expect(clean.valid).toBe(true);
    // Each digit field in turn: a look-alike letter for its true digit is repaired (the check digit confirms it) …
    const digitFields: [string, string, number][] = [["birthDate", "DateOfBirth", 13], ["expiryDate", "PassportExpiry", 21]];
    for (const [name, kind, start] of digitFields) {
      for (let i = start; i < start + 6; i++) {
        const truth = good[1]![i]!;
        const letter = { "0": "O", "1": "I", "2": "Z", "5": "S", "8": "B" }[truth];
        if (!letter) continue;
        const r = parseMrz(at(good, 1, i, letter), { today: TODAY });
        expect(r.valid, `${name} @${i}`).toBe(true);
        expect(r.repairs, `${name} @${i}`).toEqual([{ field: name, from: good[1]!.slice(start, start + 6).replace(/./g, (c, j) => (j === i - start ? letter : c)), to: good[1]!.slice(start, start + 6) }]);
        expect(field(r, kind)?.value).toBe(field(clean, kind)?.value);
      }
      // … but a letter whose look-alike digit is not the printed one is left as read and the field is named.
      const firstDigit = good[1]![start]!;
      const wrongLetter = firstDigit === "8" ? "S" : "B";
      const wrong = parseMrz(at(good, 1, start, wrongLetter), { today: TODAY });
      expect(wrong.repairs.filter((x) => x.field === name), name).toEqual([]);
      expect(failed(wrong), name).toContain(name);
      expect(wrong.checks.find((c) => c.field === name)).toEqual({ field: name, ok: false, repaired: false });
    }
    // A failed check digit is named by its field in the flags, never silently accepted: valid is false.
    const badNumber = parseMrz(recomposite(at(good, 1, 3, "7")), { today: TODAY });
    expect(badNumber.flags).toContainEqual({ code: "CHECK_DIGIT_FAILED", field: "documentNumber" });
    expect(field(badNumber, "PassportNumber")!.confidence).toBeLessThan(0.5);
    const badPersonal = parseMrz(recomposite(at(good, 1, 31, good[1]![31] === "9" ? "4" : "9")), { today: TODAY });
    expect(badPersonal.flags).toEqual([{ code: "CHECK_DIGIT_FAILED", field: "personalNumber" }]);
  });

  it("reads digits in the letters-only fields (name, nationality) as their look-alike letters, and only those", () => {
    const good = td3({ name: "BOZI<<SALIM", number: "X4401827", nat: "IRQ", birth: "930617", expiry: "310228" });
    // Every look-alike of the brief: 0→O, 1→I, 5→S, 8→B, 2→Z, in the surname and the given name.
    const misread = at(at(at(at(at(good, 0, 5, "8"), 0, 6, "0"), 0, 7, "2"), 0, 11, "5"), 0, 14, "1");
    const r = parseMrz(misread, { today: TODAY });
    expect(field(r, "FullName")?.value).toBe("SALIM BOZI");
    expect(r.repairs).toEqual([{ field: "name", from: misread[0]!.slice(5), to: good[0]!.slice(5), by: "format" }]);
    // No check digit confirms a name: its confidence is capped so the agent is asked to check it; the checked
    // fields keep theirs and the reading stays valid (every check digit passed).
    expect(field(r, "FullName")!.confidence).toBeLessThanOrEqual(0.6);
    expect(field(r, "PassportNumber")!.confidence).toBe(field(parseMrz(good, { today: TODAY }), "PassportNumber")!.confidence);
    expect(r.valid).toBe(true);
    // A digit with no letter look-alike (7) cannot be repaired: the name is left as read and marked unreliable.
    const seven = parseMrz(at(good, 0, 6, "7"), { today: TODAY });
    expect(seven.repairs).toEqual([]);
    expect(field(seven, "FullName")!.confidence).toBeLessThan(0.3);
    // Nationality: I read as 1.
    const nat = parseMrz(recomposite(at(good, 1, 10, "1")), { today: TODAY });
    expect(field(nat, "Nationality")?.value).toBe("IRQ");
    expect(nat.repairs).toContainEqual({ field: "nationality", from: "1RQ", to: "IRQ", by: "format" });
    // Digit fields never get the letter treatment: a digit stays a digit in the dates and the number.
    expect(r.lines[1]).toBe(good[1]);
  });

  it("flags a passport that expires within six months of the travel date, or of today without one", () => {
    const lines = td3({ name: "KARIM<<SARA", number: "C0000001", birth: "950505", expiry: "270223", sex: "F" });
    expect(parseMrz(lines, { today: TODAY }).flags).toEqual([{ code: "EXPIRES_SOON", expiryDate: "2027-02-23", reference: TODAY }]);
    const later = td3({ name: "KARIM<<SARA", number: "C0000001", birth: "950505", expiry: "270901", sex: "F" });
    expect(parseMrz(later, { today: TODAY }).flags).toEqual([]);
    expect(parseMrz(later, { today: TODAY, travelDate: "2027-04-01" }).flags).toEqual([
      { code: "EXPIRES_SOON", expiryDate: "2027-09-01", reference: "2027-04-01" },
    ]);
    expect(parseMrz(later, { today: TODAY, travelDate: "2027-02-28" }).flags).toEqual([]);
  });

  it("fixes the line length by resizing the longest filler run, and finds the MRZ among other OCR lines", () => {
    expect(normalizeLength("P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<<<<", 44)).toBe(TD3[0]);
    expect(normalizeLength("P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<", 44)).toBe(TD3[0]);
    const r = parseMrz(["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<<<<10"], { today: TODAY });
    expect(r.valid).toBe(true);
    expect(pickMrzLines(`PASSPORT UTOPIA\nSURNAME ERIKSSON\n${TD3[0]}\n ${TD3[1]} \n`)).toEqual(TD3);
    expect(pickMrzLines("nothing here\nat all")).toBeNull();
  });

  it("scales confidence by the reader's OCR confidence", () => {
    const sure = parseMrz(TD3, { today: TODAY, ocrConfidence: 95 });
    const unsure = parseMrz(TD3, { today: TODAY, ocrConfidence: 50 });
    expect(unsure.confidence).toBeLessThan(sure.confidence);
  });
});

describe("TD1 and TD2", () => {
  it("reads the TD1 specimen (ID card, three lines of 30)", () => {
    const r = parseMrz(TD1, { today: TODAY });
    expect(r.format).toBe("TD1");
    expect(r.valid).toBe(true);
    expect(r.documentNumber).toBe("D23145890");
    expect(r.birthDate).toBe("1974-08-12");
    expect(r.expiryDate).toBe("2012-04-15");
    expect(field(r, "FullName")?.value).toBe("ANNA MARIA ERIKSSON");
    expect(failed(parseMrz(at(TD1, 1, 29, "7"), { today: TODAY }))).toEqual(["composite"]);
  });
  it("reads the TD2 specimen (two lines of 36)", () => {
    const r = parseMrz(TD2, { today: TODAY });
    expect(r.format).toBe("TD2");
    expect(r.valid).toBe(true);
    expect(r.documentNumber).toBe("D23145890");
    expect(field(r, "Sex")?.value).toBe("F");
    expect(failed(parseMrz(at(TD2, 1, 19, "3"), { today: TODAY }))).toEqual(["birthDate", "composite"]);
  });
});

describe("what is not an MRZ", () => {
  it("refuses wrong line counts, lengths and characters", () => {
    expect(() => parseMrz(["P<UTO"], { today: TODAY })).toThrow(MrzFormatError);
    expect(() => parseMrz(["ABC", "DEF"], { today: TODAY })).toThrow(MrzFormatError);
    expect(() => parseMrz([TD3[0]!, TD3[1]!.replace("F", "#")], { today: TODAY })).toThrow(MrzFormatError);
  });
});
