import {
  HIDDEN_PHONE,
  areaCodeOf,
  dialNumber,
  formatPhoneNumber,
  maskHidden,
  nationalNumber,
  phoneSchema,
  stripPhonePunctuation,
  whatsappLink,
} from './phone';

/** The messages a form would show: zod's issue messages, in order. */
function messages(value: unknown): string[] {
  const result = phoneSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('phoneSchema (DE_Telefone)', () => {
  it('accepts exactly 11 digits and returns them unchanged', () => {
    expect(phoneSchema.parse('11987654321')).toBe('11987654321');
    expect(messages('01234567890')).toEqual([]);
  });

  it('requires a value', () => {
    expect(messages('')).toEqual(['Campo obrigatório.']);
    expect(messages(undefined)).toEqual(['Campo obrigatório.']);
    expect(messages(null)).toEqual(['Campo obrigatório.']);
  });

  it('allows digits only, before checking the length', () => {
    expect(messages('abc')).toEqual(['Apenas números.']);
    expect(messages('(11) 98765-4321')).toEqual(['Apenas números.']);
    expect(messages('1198765432a')).toEqual(['Apenas números.']);
    expect(messages(' 11987654321')).toEqual(['Apenas números.']);
  });

  it('requires exactly 11 digits', () => {
    expect(messages('1198765432')).toEqual(['Deve conter 11 dígitos.']);
    expect(messages('119876543210')).toEqual(['Deve conter 11 dígitos.']);
    expect(messages('1')).toEqual(['Deve conter 11 dígitos.']);
  });
});

describe('whatsappLink', () => {
  it('prefixes country code 55 to the digits', () => {
    expect(whatsappLink('11987654321')).toBe('https://wa.me/5511987654321');
    expect(whatsappLink('(11) 98765-4321')).toBe('https://wa.me/5511987654321');
  });
});

describe('dialNumber', () => {
  it('adds a leading 0 before a two-digit area code', () => {
    expect(dialNumber('11987654321')).toBe('011987654321');
    expect(dialNumber('(21) 98765-4321')).toBe('021987654321');
    expect(dialNumber('1134567890')).toBe('01134567890'); // landline: DDD + 8 digits
  });

  it('leaves numbers already starting with 0 unchanged', () => {
    expect(dialNumber('011987654321')).toBe('011987654321');
    expect(dialNumber('01134567890')).toBe('01134567890');
  });

  it('dials other lengths (such as internal extensions) as their digits', () => {
    expect(dialNumber('1001')).toBe('1001');
    expect(dialNumber('987654321')).toBe('987654321');
    expect(dialNumber('')).toBe('');
  });
});

describe('maskHidden', () => {
  it('always shows eleven x characters', () => {
    expect(HIDDEN_PHONE).toBe('xxxxxxxxxxx');
    expect(maskHidden('11987654321')).toBe('xxxxxxxxxxx');
    expect(maskHidden('1001')).toHaveLength(11);
    expect(maskHidden()).toBe('xxxxxxxxxxx');
  });
});

describe('nationalNumber', () => {
  it('takes off the softphone leading 0 (product-spec §9) and punctuation', () => {
    expect(nationalNumber('011987654321')).toBe('11987654321');
    expect(nationalNumber('01132654321')).toBe('1132654321');
    expect(nationalNumber('(11) 98765-4321')).toBe('11987654321');
    expect(nationalNumber('11987654321')).toBe('11987654321');
    expect(nationalNumber('1132654321')).toBe('1132654321');
  });

  it('takes off a carrier selection code after the 0 (0 + 21 + DDD + number)', () => {
    expect(nationalNumber('02111987654321')).toBe('11987654321');
    expect(nationalNumber('0151132654321')).toBe('1132654321');
  });

  it('takes off the country code, with or without + or the international prefix', () => {
    expect(nationalNumber('+55 11 98765-4321')).toBe('11987654321');
    expect(nationalNumber('5511987654321')).toBe('11987654321');
    expect(nationalNumber('551132654321')).toBe('1132654321');
    expect(nationalNumber('005511987654321')).toBe('11987654321');
    // DDD 55 (Rio Grande do Sul) is a DDD, not a country code, when the number is only 10 or 11 digits.
    expect(nationalNumber('5532221234')).toBe('5532221234');
    expect(nationalNumber('55991234567')).toBe('55991234567');
  });

  it('keeps 0300, 0303, 0500, 0800 and 0900 numbers as they are', () => {
    for (const number of ['03001234567', '03031234567', '05001234567', '08001234567', '09001234567']) {
      expect(nationalNumber(number)).toBe(number);
    }
  });

  it('answers null for what is no phone number: extensions, short codes, bad DDDs, letters, nothing', () => {
    for (const raw of ['1001', '190', '', 'abc', '0987654321', '10987654321', '123456789012345', '0123456']) {
      expect({ raw, number: nationalNumber(raw) }).toEqual({ raw, number: null });
    }
  });
});

test('areaCodeOf: the DDD of a national number, null for a non-geographic one', () => {
  expect(areaCodeOf('11987654321')).toBe('11');
  expect(areaCodeOf('2133334444')).toBe('21');
  expect(areaCodeOf('08001234567')).toBeNull();
});

test('formatPhoneNumber: landlines, mobiles and non-geographic numbers as Brazilians write them', () => {
  expect(formatPhoneNumber('1130030303')).toBe('(11) 3003-0303');
  expect(formatPhoneNumber('11987654321')).toBe('(11) 98765-4321');
  expect(formatPhoneNumber('03031234567')).toBe('0303 123 4567');
  expect(formatPhoneNumber('08007654321')).toBe('0800 765 4321');
  expect(formatPhoneNumber('1001')).toBe('1001');
  expect(formatPhoneNumber(null)).toBe('');
});

describe('stripPhonePunctuation (what a phone input keeps)', () => {
  it("takes a pasted written number as its digits: '(11) 91234-5678' passes the add-phone rules", () => {
    expect(stripPhonePunctuation('(11) 91234-5678')).toBe('11912345678');
    expect(messages(stripPhonePunctuation('(11) 91234-5678'))).toEqual([]);
    expect(stripPhonePunctuation('+55 11 91234.5678')).toBe('5511912345678');
  });

  it("keeps letters, so the form still says 'Apenas números.'", () => {
    expect(stripPhonePunctuation('11 9123a-5678')).toBe('119123a5678');
    expect(messages(stripPhonePunctuation('11 9123a-5678'))).toEqual(['Apenas números.']);
    expect(stripPhonePunctuation(null)).toBe('');
  });
});
