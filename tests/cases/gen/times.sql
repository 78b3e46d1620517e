CREATE TABLE shift (
    id INT PRIMARY KEY,
    starts TIME NOT NULL,
    ends TIME
);
