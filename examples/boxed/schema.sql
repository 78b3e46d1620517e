-- People whose age may be unknown (a nullable column), read and written through boxes.

CREATE TABLE person (
  id INTEGER PRIMARY KEY,
  name VARCHAR(20) NOT NULL,
  age INTEGER CHECK (age >= 0)
);
