CREATE TABLE person (
    id INT PRIMARY KEY,
    name VARCHAR(20) NOT NULL,
    age INT,
    visits BIGINT
);
