/**
 * `npm run cms:config`: writes the editor's configuration (public/admin/config.yml) from the
 * content schemas in src/content.config.ts. Run it after changing a schema and commit the result;
 * a unit test fails while the committed file differs from what this would write.
 */
import { writeFile } from 'node:fs/promises';
import { generatedConfigText, paths } from './cms/generate.ts';

await writeFile(paths.output, await generatedConfigText());
console.log(`Wrote ${paths.output}`);
