-- A kennel's dogs and their visits, read by two DAO classes through one connection holder in
-- another package, whose static field keeps the open connection.
CREATE TABLE dog (
  id INTEGER PRIMARY KEY,
  name VARCHAR(40) NOT NULL,
  owner_id INTEGER NOT NULL
);

CREATE TABLE visit (
  id INTEGER PRIMARY KEY,
  dog_id INTEGER NOT NULL,
  reason VARCHAR(40) NOT NULL
);
