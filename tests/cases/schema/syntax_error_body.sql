-- ../shared/findings/inputs/bug-schema-syntax-error-db-tests-fail: the bad commas cost nothing but
-- their diagnostics, and the tests build the table from the model.
CREATE TABLE person (
  id INTEGER PRIMARY KEY,
  name VARCHAR(20) NOT NULL,,
);
