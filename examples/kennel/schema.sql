-- Owners and their pets, read with outer joins: an owner with no pet still has a row.
CREATE TABLE owner (
  id INT PRIMARY KEY,
  name VARCHAR(20) NOT NULL
);

CREATE TABLE pet (
  id INT PRIMARY KEY,
  owner_id INT NOT NULL REFERENCES owner (id),
  age INT NOT NULL,
  chip INT,
  weight DOUBLE
);

-- Visits name their owner without a foreign key: a visit may name an owner no longer listed.
CREATE TABLE visit (
  id INT PRIMARY KEY,
  owner_id INT NOT NULL
);
