-- Members whose role is stored by its name in a VARCHAR column, as enums usually are.

CREATE TABLE member (
  id BIGINT PRIMARY KEY,
  name VARCHAR(16) NOT NULL,
  role VARCHAR(8) NOT NULL
);
