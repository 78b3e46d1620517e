CREATE TABLE visit (
    id INT PRIMARY KEY,
    day DATE NOT NULL,
    booked TIMESTAMP
);
