CREATE TABLE person (id INT PRIMARY KEY, gender VARCHAR(6) NOT NULL CHECK (gender IN ('Male', 'Female')));
