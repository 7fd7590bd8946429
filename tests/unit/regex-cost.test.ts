import { describe, expect, it } from 'vitest';
import { regexCost } from '../../server/platform/rest/regex-cost.ts';

// What a pattern compiles to, worked out before the embedded database is asked to compile it.
describe('regexCost', () => {
  it('counts atoms, bracket expressions by their members and ranges as one', () => {
    expect(regexCost('abc').size).toBe(3);
    expect(regexCost('[a-z0-9_]').size).toBe(3);
    expect(regexCost('[]a]').size).toBe(2);
    expect(regexCost('[[:alpha:]x]').size).toBe(2);
    expect(regexCost('\\d\\.').size).toBe(2);
  });

  it('writes out bounded repetitions, nested ones multiplied', () => {
    expect(regexCost('a{5}').size).toBe(5);
    expect(regexCost('a{2,}').size).toBe(3);
    expect(regexCost('(a{1,30}){1,30}').size).toBe(900);
    expect(regexCost('((a{1,50}){1,50}){1,50}z').size).toBe(125_001);
    expect(regexCost('(?:ab|cd){3}').size).toBe(12);
    expect(regexCost('a+').size).toBe(2);
    expect(regexCost('a*b?').size).toBe(2);
    expect(regexCost('a{2,4}?').size).toBe(4);
  });

  it('reports the deepest group and the largest count', () => {
    expect(regexCost('((a)(b(c)))').depth).toBe(3);
    expect(regexCost('(?=a)(?!b)(?<=c)').depth).toBe(1);
    expect(regexCost('a{1,300}').largestCount).toBe(300);
    expect(regexCost('a{7}').largestCount).toBe(7);
  });

  it('reads director prefixes and leading flags', () => {
    expect(regexCost('***=((a{1,50}){1,50})').size).toBe(17);
    expect(regexCost('***:a{10}').size).toBe(10);
    expect(regexCost('(?i)a{10}').size).toBe(10);
  });
});
