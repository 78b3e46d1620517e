-- A clinic's appointments: a day for each visit, and when it was booked.
CREATE TABLE patient (
    id INT PRIMARY KEY,
    name VARCHAR(20) NOT NULL,
    born DATE
);

CREATE TABLE appointment (
    id INT PRIMARY KEY,
    patient_id INT NOT NULL REFERENCES patient(id),
    visit_day DATE NOT NULL,
    booked_at TIMESTAMP
);
