import { describe, expect, it } from 'vitest';
import { databaseBefore } from '../../../test/support/migrations';

/**
 * Migration 0037 (decision 223) keeps the titles of pieces held for provenance review out of the search documents.
 * An installation upgrading from 0036 has held titles in its documents and its word list: both are rebuilt.
 */
describe('migration 0037: held titles leave the search documents', () => {
  it("rebuilds every document and the word list without a held piece's title, and keeps a clear piece's", async () => {
    const { client, migrateRest, close } = await databaseBefore('0037_');
    try {
      await client.exec(`
        insert into "user" (id, name, email, email_verified) values ('maker-1', 'Mara Quell', 'mara@example.com', true);
        insert into user_roles (user_id, role) values ('maker-1', 'maker');
        insert into profiles (id, name, bio) values ('maker-1', 'Mara Quell', 'Ceramics.');
        insert into maker_profiles (user_id, application_status, deliverable_categories) values ('maker-1', 'approved', '{logo_design}');
        insert into portfolio_items (maker_id, title, category, image_url, review_status, review_reason) values
          ('maker-1', 'Glazed bowls', 'logo_design', '/files/a.png', 'clear', null),
          ('maker-1', 'Saffronwick lanterns', 'logo_design', '/files/b.png', 'pending', 'near_copy');
      `);
      const read = async () => ({
        document: (await client.query<{ words: string[] }>(`select tsvector_to_array(document) as words from creator_search where user_id = 'maker-1'`)).rows[0]?.words,
        lexicon: (await client.query<{ word: string }>(`select word from search_lexicon where word in ('saffronwick', 'glazed')`)).rows.map((row) => row.word).sort(),
      });
      // Before: the held title is in the document and the word list.
      expect(await read()).toMatchObject({ document: expect.arrayContaining(['saffronwick', 'glazed']), lexicon: ['glazed', 'saffronwick'] });

      await migrateRest();

      const after = await read();
      expect(after.document).toEqual(expect.arrayContaining(['glazed', 'mara', 'ceramics']));
      expect(after.document).not.toContain('saffronwick');
      expect(after.lexicon).toEqual(['glazed']);
    } finally {
      await close();
    }
  });
});
