-- Accounts and their transfers: a unique e-mail, a CHECK on the balance, a NOT NULL name and a
-- foreign key, each a constraint whose SQLException the DAO tells apart by its SQL state.

CREATE TABLE account (
  id INTEGER PRIMARY KEY,
  name VARCHAR(40) NOT NULL,
  email VARCHAR(80) NOT NULL UNIQUE,
  balance INTEGER NOT NULL CHECK (balance >= 0)
);
CREATE TABLE transfer (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES account(id),
  amount INTEGER NOT NULL
);
