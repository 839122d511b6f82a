import { describe, expect, it } from 'vitest';
import { templateFolderEntries, templatesInFolder } from './template-folder';

describe('template folders', () => {
  it("find each template of AgiFlow's layout, named after its folder, with its files", () => {
    const found = templatesInFolder([
      { path: 'repo/templates/api/scaffold.yaml', content: 'features: []\n' },
      { path: 'repo/templates/api/src/Service.ts.liquid', content: 'x' },
      { path: 'repo/templates/web/scaffold.yaml', content: 'boilerplate: []\n' },
      { path: 'repo/templates/web/.DS_Store', content: '' },
      { path: 'repo/README.md', content: 'not a template file' },
    ]);
    expect(found).toEqual([
      { name: 'api', scaffoldYaml: 'features: []\n', files: { 'src/Service.ts.liquid': 'x' } },
      { name: 'web', scaffoldYaml: 'boilerplate: []\n', files: {} },
    ]);
  });

  it('read a single template folder and write it back in the same layout', () => {
    const [found] = templatesInFolder([
      { path: 'service/scaffold.yaml', content: 'features: []\n' },
      { path: 'service/b.ts', content: 'b' },
      { path: 'service/a.ts', content: 'a' },
    ]);
    expect(found?.name).toBe('service');
    expect(templateFolderEntries('service', found ?? { scaffoldYaml: '', files: {} })).toEqual([
      { path: 'templates/service/scaffold.yaml', content: 'features: []\n' },
      { path: 'templates/service/a.ts', content: 'a' },
      { path: 'templates/service/b.ts', content: 'b' },
    ]);
    expect(templatesInFolder([{ path: 'x/readme.md', content: '' }])).toEqual([]);
  });
});
