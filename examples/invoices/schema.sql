-- A small shop's invoices: amounts of money as DECIMAL(10,2).
CREATE TABLE invoice (
    id INT PRIMARY KEY,
    customer VARCHAR(20) NOT NULL,
    amount DECIMAL(10,2) NOT NULL CHECK (amount >= 0),
    discount DECIMAL(5,2) DEFAULT 0.00
);
