-- Members whose role is stored by its name in a VARCHAR column, as enums usually are.

CREATE TABLE member (
  id BIGINT PRIMARY KEY,
  name VARCHAR(16) NOT NULL,
  role VARCHAR(8) NOT NULL
);

-- A member's plan, stored by its level's one-letter code.
CREATE TABLE plan (
  member_id BIGINT PRIMARY KEY,
  level_code VARCHAR(1) NOT NULL
);
