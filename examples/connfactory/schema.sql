-- A clinic's patients and their visits, reached through a connection factory.
CREATE TABLE patient (
  id INTEGER PRIMARY KEY,
  name VARCHAR(60) NOT NULL,
  active BOOLEAN NOT NULL
);
CREATE TABLE visit (
  id INTEGER PRIMARY KEY,
  patient_id INTEGER NOT NULL REFERENCES patient(id),
  fee INTEGER NOT NULL CHECK (fee >= 0)
);
