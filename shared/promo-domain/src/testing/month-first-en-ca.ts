/**
 * An `Intl.DateTimeFormat` whose 'en-CA' `format()` prints dates month first ('11/26/2026'), as
 * WebKit with ICU 72 and Chrome 110 did, while `formatToParts` still gives the true fields. Code
 * that parses formatted output gets the wrong date (or "Invalid Date") under it; code that reads
 * parts does not. Returns the function that puts the real one back.
 */
export function installMonthFirstEnCa(): () => void {
  const Real = Intl.DateTimeFormat;
  function MonthFirst(
    this: unknown,
    locales?: string | string[],
    options?: Intl.DateTimeFormatOptions,
  ): Intl.DateTimeFormat {
    const real = new Real(locales, options);
    const enCa = [locales].flat()[0] === 'en-CA';
    if (!enCa) return real;
    const format = (date?: Date | number) => {
      const parts = real.formatToParts(date);
      const field = (type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)?.value;
      const day = [field('month'), field('day'), field('year')].filter(Boolean).join('/');
      const time = [field('hour'), field('minute'), field('second')].filter(Boolean).join(':');
      return time ? `${day}, ${time}` : day;
    };
    return new Proxy(real, {
      get(target, key) {
        if (key === 'format') return format;
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  }
  MonthFirst.prototype = Real.prototype;
  Object.assign(MonthFirst, { supportedLocalesOf: Real.supportedLocalesOf.bind(Real) });
  Intl.DateTimeFormat = MonthFirst as unknown as typeof Intl.DateTimeFormat;
  return () => {
    Intl.DateTimeFormat = Real;
  };
}
