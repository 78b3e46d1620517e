CREATE TABLE staff (id INT PRIMARY KEY, role ENUM('admin', 'hcp') NOT NULL DEFAULT 'hcp');
CREATE TABLE nurse (id INT PRIMARY KEY, ward ENUM('north', 'south') NOT NULL);
CREATE TABLE bill (id INT PRIMARY KEY, hcp INT, FOREIGN KEY (hcp) REFERENCES staff (id));
