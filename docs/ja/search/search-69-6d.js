(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-69-6d.js"]={"import":"`p/b'","import_module":"dp+","importlib":"dp+","improve":"du/m/","improving":"ev/","imθᵢ":"~`a;"};
