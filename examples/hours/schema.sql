-- A clinic's opening hours: TIME columns, whole seconds of a day.
CREATE TABLE opening (
    id INT PRIMARY KEY,
    weekday INT NOT NULL,
    opens TIME NOT NULL,
    closes TIME
);
