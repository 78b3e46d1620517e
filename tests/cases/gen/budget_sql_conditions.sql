CREATE TABLE shelf (id INT PRIMARY KEY, capacity INT NOT NULL CHECK (capacity > 0),
                    nb INT NOT NULL DEFAULT 0, CHECK (nb >= 0 AND nb <= capacity));
CREATE TABLE orders (id INT PRIMARY KEY, status ENUM('new', 'paid', 'shipped') NOT NULL DEFAULT 'new',
                     subject VARCHAR(20) NOT NULL);
