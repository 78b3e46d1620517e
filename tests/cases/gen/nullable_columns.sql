-- The finding realcode/nullsplit: four nullable VARCHAR columns read and copied into beans.
CREATE TABLE h (id VARCHAR(10) PRIMARY KEY, a VARCHAR(10), b VARCHAR(10), c VARCHAR(10), d VARCHAR(10));
