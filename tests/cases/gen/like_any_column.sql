CREATE TABLE person (
    id    INT PRIMARY KEY,
    name  VARCHAR(20) NOT NULL,
    city  VARCHAR(20),
    email VARCHAR(30)
);
