import { describe, expect, it } from 'vitest';
import { ownTextsLang } from './data-lang.ts';

describe('ownTextsLang (language of parts on the custom screens)', () => {
  it('marks an element whose own texts are data in Chinese, on a screen in another language', () => {
    expect(ownTextsLang(['杭味餐饮管理有限公司'], 'en-US')).toBe('zh-CN');
    expect(ownTextsLang(['采购流程 v1'], 'en-GB')).toBe('zh-CN');
    expect(ownTextsLang(['冷鲜猪肉 5kg 装'], 'en-US')).toBe('zh-CN'); // a unit inside the data is the data's
    expect(ownTextsLang(['沪A12345'], 'en-US')).toBe('zh-CN');
    expect(ownTextsLang(['上海', ' / ', '杭州'], 'en-US')).toBe('zh-CN');
  });
  it('leaves alone texts without Chinese, and the screen’s own words beside the data', () => {
    expect(ownTextsLang(['Shanghai depot'], 'en-US')).toBeUndefined();
    expect(ownTextsLang(['12.5', ' kg'], 'en-US')).toBeUndefined();
    expect(ownTextsLang(['Assign roles - ', '管理员'], 'en-US')).toBeUndefined();
    expect(ownTextsLang([], 'en-US')).toBeUndefined();
  });
  it('marks nothing on a screen in Chinese', () => {
    expect(ownTextsLang(['杭味餐饮管理有限公司'], 'zh-CN')).toBeUndefined();
    expect(ownTextsLang(['杭味餐飲'], 'zh-TW')).toBeUndefined();
  });
});
