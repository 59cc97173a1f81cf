-- Issue 15, a statement in the party's language: a client (base_client) and a carrier (base_carrier) may have the
-- language their documents print in (its statements, printed or as PDF, in the back office and the portal): one of
-- the product's languages (packages/domain/src/lang.ts), or none (null: the language of the user who prints them).
alter table base_client add column doc_lang varchar(5) constraint base_client_doc_lang check (doc_lang in ('zh-CN', 'en-US', 'en-GB', 'zh-TW'));
alter table base_carrier add column doc_lang varchar(5) constraint base_carrier_doc_lang check (doc_lang in ('zh-CN', 'en-US', 'en-GB', 'zh-TW'));
